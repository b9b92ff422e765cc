import { answer, expect, hold, makeStream, sectionHydrated, test, withoutBuildTimeData } from './public-helpers.ts'

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

  test('empty message', async ({ page }) => {
    await answer(page, '/api/news', 200, [])
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Latest Racing News' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByText('No news articles available at the moment.')).toBeVisible()
  })

  test('a failed re-read is not shown', async ({ page }) => {
    await answer(page, '/api/news', 500, 'down')
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Latest Racing News' })
    await section.scrollIntoViewIfNeeded()
    await sectionHydrated(section)
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

  test('empty message with the admin note', async ({ page }) => {
    await answer(page, '/api/championships-standings', 200, [])
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Championship Standings' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByText('No championship standings available.')).toBeVisible()
    await expect(section.getByText(/generated through the admin panel/)).toBeVisible()
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

  test('no View All Streams with 6; en-US start time; Watch Stream disabled without a URL', async ({ page }) => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => makeStream(n, n === 2 ? { streamUrl: null, isLive: true } : {}))
    await answer(page, '/api/streams', 200, six)
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Racing Streams' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByRole('heading', { name: 'Test stream 1' })).toBeVisible()
    await expect(section.getByRole('article')).toHaveCount(6)
    await expect(section.getByRole('link', { name: 'View All Streams' })).toHaveCount(0)

    const first = section.getByRole('article').filter({ hasText: 'Test stream 1' })
    await expect(first.getByText('Nov 22, 2:05 PM UTC')).toBeVisible()
    const watch = first.getByRole('link', { name: /Watch Stream/ })
    await expect(watch).toHaveAttribute('href', 'https://www.twitch.tv/test1')
    await expect(watch).toHaveAttribute('target', '_blank')
    await expect(first.getByText('LIVE', { exact: true })).toHaveCount(0)

    const second = section.getByRole('article').filter({ hasText: 'Test stream 2' })
    await expect(second.getByRole('button', { name: 'Watch Stream' })).toBeDisabled()
    await expect(second.getByText('LIVE', { exact: true })).toBeVisible()
    await expect(second.getByRole('listitem')).toHaveText(['One', 'Two', 'Three'])
  })

  test('empty message with the admin note', async ({ page }) => {
    await answer(page, '/api/streams', 200, [])
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Racing Streams' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByText('No streams available.')).toBeVisible()
    await expect(section.getByText(/added through the admin panel/)).toBeVisible()
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

  test('empty messages', async ({ page }) => {
    await answer(page, '/api/games/featured', 200, [])
    await answer(page, '/api/accessories/featured', 200, [])
    await page.goto('/')
    const gamesSection = page.getByRole('region', { name: 'Featured Sim Racing Games' })
    await gamesSection.scrollIntoViewIfNeeded()
    await expect(gamesSection.getByText('No featured games available at the moment.')).toBeVisible()
    const gearSection = page.getByRole('region', { name: 'Premium Racing Gear' })
    await gearSection.scrollIntoViewIfNeeded()
    await expect(gearSection.getByText('No featured accessories available at the moment.')).toBeVisible()
  })
})

test('each home section shows a skeleton while loading', async ({ page }) => {
  await withoutBuildTimeData(page, '/')
  const release = await Promise.all(
    [
      '/api/news',
      '/api/championships-standings',
      '/api/streams',
      '/api/games/featured',
      '/api/accessories/featured',
    ].map((path) => hold(page, path)),
  )
  await page.goto('/')
  for (const [name, label] of [
    ['Latest Racing News', 'Loading news'],
    ['Championship Standings', 'Loading championships'],
    ['Racing Streams', 'Loading streams'],
    ['Featured Sim Racing Games', 'Loading games'],
    ['Premium Racing Gear', 'Loading hardware'],
  ] as const) {
    const section = page.getByRole('region', { name })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByRole('status', { name: label })).toBeVisible()
  }
  for (const r of release) r()
})
