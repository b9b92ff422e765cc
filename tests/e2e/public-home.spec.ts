import { apiRequests, expect, islandsHydrated, sectionHydrated, test } from './public-helpers.ts'

/**
 * The home page with the demo content. Its list sections show the page's items and read nothing on
 * load (decision 0704), so they have no loading state on entry and no re-read to fail; their empty
 * messages and the streams' edge cases (6 streams, no URL) are render tests
 * (src/components/public/home-sections.test.tsx).
 */

test.describe('hero', () => {
  test('headline, text and the Latest News button', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('RACE BEYOND LIMITS')
    await expect(
      page.getByText(
        'The ultimate destination for sim racing enthusiasts. Discover games, gear, championships, and the latest motorsport news.',
      ),
    ).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Latest News', exact: true }).click()
    await expect(page).toHaveURL(/\/news\/?$/)
  })

  test('the image from hero_image under an overlay of overlay_transparency / 100', async ({ page, request }) => {
    const hero = await (await request.get('/api/site-settings/hero_image')).json()
    const overlay = await (await request.get('/api/site-settings/overlay_transparency')).json()
    await page.goto('/')
    const image = page.getByTestId('hero-image')
    await expect(image).toBeVisible()
    expect(decodeURIComponent((await image.getAttribute('src')) ?? '')).toContain(hero.value)
    await expect(page.getByTestId('hero-overlay')).toHaveCSS('opacity', String(Number(overlay.value) / 100))
  })

  test('a dark placeholder until the image loads; the default image when it fails', async ({ page }) => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname === '/.netlify/images' && (url.searchParams.get('url') ?? '').includes('/demo/hero'),
      async (route) => {
        await gate
        await route.abort()
      },
    )
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const image = page.getByTestId('hero-image')
    await expect(image).toBeHidden()
    release()
    await expect(image).toBeVisible()
    await expect(image).toHaveAttribute('src', '/images/default-hero.webp')
  })
})

test.describe('Latest Racing News', () => {
  test("3 articles, then 'View All News (N)' / 'Show Less'", async ({ page, request }) => {
    const news = await (await request.get('/api/news')).json()
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Latest Racing News' })
    await section.scrollIntoViewIfNeeded()
    await sectionHydrated(section)
    await expect(section.getByRole('article')).toHaveCount(3)
    await expect(section.getByRole('link', { name: news[0].title })).toBeVisible()
    await section.getByRole('button', { name: `View All News (${news.length})` }).click()
    // Expanded, the list reads the API 24 cards at a time as the visitor nears its end (decision
    // 0110): scrolled to its last card until every article is there.
    await expect(async () => {
      await section.getByRole('article').last().scrollIntoViewIfNeeded()
      expect(await section.getByRole('article').count()).toBe(news.length)
    }).toPass({ timeout: 60_000 })
    await section.getByRole('button', { name: 'Show Less' }).click()
    await expect(section.getByRole('article')).toHaveCount(3)
  })
})

test.describe('Championship Standings', () => {
  test('up to 4 championships, top 3 each, and View All Championships', async ({ page, request }) => {
    const sets = await (await request.get('/api/championships-standings')).json()
    expect(sets.length).toBeGreaterThan(4)
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Championship Standings' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByRole('article')).toHaveCount(4)
    for (const card of await section.getByRole('article').all()) {
      await expect(card.getByRole('listitem')).toHaveCount(3)
    }
    await expect(section.getByText(sets[0].standings[0].driverName)).toBeVisible()
    await section.getByRole('link', { name: 'View All Championships' }).click()
    await expect(page).toHaveURL(/\/championships$/)
  })
})

test.describe('Racing Streams', () => {
  test('the first 6 and View All Streams when more exist', async ({ page, request }) => {
    const streams = await (await request.get('/api/streams')).json()
    expect(streams.length).toBeGreaterThan(6)
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Racing Streams' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByRole('article')).toHaveCount(6)
    await expect(section.getByRole('heading', { name: streams[0].title })).toBeVisible()
    await section.getByRole('link', { name: 'View All Streams' }).click()
    await expect(page).toHaveURL(/\/streaming$/)
  })
})

test.describe('featured games and gear', () => {
  test('lists the featured items', async ({ page, request }) => {
    const games = await (await request.get('/api/games/featured')).json()
    const gear = await (await request.get('/api/accessories/featured')).json()
    await page.goto('/')
    const gamesSection = page.getByRole('region', { name: 'Featured Sim Racing Games' })
    await gamesSection.scrollIntoViewIfNeeded()
    await expect(gamesSection.getByRole('article')).toHaveCount(games.length)
    const gearSection = page.getByRole('region', { name: 'Premium Racing Gear' })
    await gearSection.scrollIntoViewIfNeeded()
    await expect(gearSection.getByRole('article')).toHaveCount(gear.length)
    // Through /go/, which counts the click and redirects to the shop (docs/decisions/0852).
    const buy = gearSection.getByRole('link', { name: /Buy Now/ }).first()
    await expect(buy).toHaveAttribute('href', `/go/hardware/${gear[0].id}`)
    await expect(buy).toHaveAttribute('rel', 'sponsored nofollow noopener')
    await expect(buy).toHaveAttribute('target', '_blank')
  })
})

test("every section hydrates with the page's items and reads nothing on load", async ({ page }) => {
  const reads = apiRequests(page)
  await page.goto('/')
  for (const name of [
    'Latest Racing News',
    'Championship Standings',
    'Racing Streams',
    'Featured Sim Racing Games',
    'Premium Racing Gear',
  ]) {
    await sectionHydrated(page.getByRole('region', { name }))
  }
  await islandsHydrated(page)
  expect(reads).toEqual([])
})
