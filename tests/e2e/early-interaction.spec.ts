/**
 * No dead clicks (issue 11): on a phone-slow CPU (4x throttling), every public control is used right
 * after `domcontentloaded`, and its effect shows. A control either works before JavaScript, or is
 * disabled until its island is live (decision 0111): Playwright, like a visitor's second tap, acts
 * once it is enabled, so a click that would be lost fails this test.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './public-helpers.ts'

/**
 * Under `npm start` each API call runs the Netlify function locally: seconds on a loaded two-core
 * machine (20 s seen under load). What these tests check is what is shown, and in which order, not how fast.
 */
const API_WAIT = 60_000
test.describe.configure({ timeout: 180_000 })

async function openSlow(page: Page, path: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(path, { waitUntil: 'domcontentloaded' })
}

const totalOf = async (page: Page, query: string) =>
  Number((await page.request.get(`/api/news?${query}&limit=1`)).headers()['x-total-count'])

test.describe('desktop', () => {
  test("home: 'View All News (N)' and 'Show Less'", async ({ page }) => {
    const total = await totalOf(page, 'offset=0')
    await openSlow(page, '/')
    const section = page.getByRole('region', { name: 'Latest Racing News' })
    // As a visitor, scroll to it first: Playwright does not scroll to a control it waits to be enabled.
    await section.getByRole('button', { name: `View All News (${total})` }).scrollIntoViewIfNeeded()
    await section.getByRole('button', { name: `View All News (${total})` }).click()
    await expect(section.getByRole('button', { name: 'Show Less' })).toBeVisible()
    await expect.poll(() => section.getByRole('article').count(), { timeout: API_WAIT }).toBeGreaterThan(3)
    await section.getByRole('button', { name: 'Show Less' }).click()
    await expect(section.getByRole('article')).toHaveCount(3)
  })

  // The header is one component on every page: a page without an island, one with a list island, and
  // the news list (where the search lands) stand for the others.
  for (const path of ['/', '/games', '/news']) {
    test(`${path}: the header search`, async ({ page }) => {
      await openSlow(page, path)
      const search = page.getByRole('banner').getByPlaceholder('Search...').filter({ visible: true })
      await search.fill('iRacing')
      await search.press('Enter')
      // The header sends the trimmed term; the page answers it in its one spelling, case-folded (decision 0704).
      await expect(page).toHaveURL(/\/news\?search=iracing$/)
    })
  }

  test('hardware: the search and the sort', async ({ page }) => {
    const items: { name: string }[] = await (await page.request.get('/api/accessories')).json()
    const byName = items.map((i) => i.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    await openSlow(page, '/accessories')
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Name A-Z')
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(byName[0]!)

    await openSlow(page, '/accessories')
    const target = items.at(-1)!.name
    await page.getByPlaceholder('Search hardware...').fill(target)
    await expect(page.getByRole('heading', { name: /Hardware Item\(s\) Found$/ })).not.toHaveText(
      `${items.length} Hardware Item(s) Found`,
    )
    await expect(page.getByRole('article').getByRole('heading', { name: target })).toBeVisible()
  })

  test('news: the search and the category', async ({ page }) => {
    const categories: string[] = await (await page.request.get('/api/news/categories')).json()
    const category = categories.at(-1)!
    const inCategory = await totalOf(page, `category=${encodeURIComponent(category)}`)
    await openSlow(page, '/news')
    await page.getByRole('combobox', { name: 'Category' }).selectOption(category)
    await expect(page.getByRole('heading', { name: `${inCategory} Article(s) Found` })).toBeVisible({
      timeout: API_WAIT,
    })

    const matches = await totalOf(page, 'search=iRacing')
    await openSlow(page, '/news')
    await page.getByPlaceholder('Search articles...').fill('iRacing')
    await expect(page.getByRole('heading', { name: `${matches} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
  })

  test('news: Clear Filters of a search that found nothing', async ({ page }) => {
    // The empty state comes in the page's HTML (decision 0704): its button must not swallow a click.
    await openSlow(page, '/news?search=zzz-no-such-article')
    await expect(page.getByRole('heading', { name: 'No News Articles Found' })).toBeVisible()
    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await expect(page.getByPlaceholder('Search articles...')).toHaveValue('')
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: API_WAIT })
  })

  test('reviews: the search', async ({ page }) => {
    const reviews: { title: string }[] = await (await page.request.get('/api/reviews')).json()
    const target = reviews.at(-1)!.title
    await openSlow(page, '/reviews')
    await page.getByPlaceholder('Search reviews...').fill(target)
    await expect.poll(() => page.getByRole('article').count()).toBeLessThan(reviews.length)
    await expect(page.getByRole('article').getByRole('heading', { name: target })).toBeVisible()
  })
})

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  // The header is one component on every page: a page without an island, one with a list island, and
  // the news list (where the search lands) stand for the others.
  for (const path of ['/', '/games', '/news']) {
    test(`${path}: the menu and its search`, async ({ page }) => {
      await openSlow(page, path)
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('navigation', { name: 'Mobile' })
      await expect(menu.getByRole('link', { name: 'Reviews', exact: true })).toBeVisible()
      const search = page.getByRole('banner').getByPlaceholder('Search...').filter({ visible: true })
      await search.fill('iRacing')
      await search.press('Enter')
      // The header sends the trimmed term; the page answers it in its one spelling, case-folded (decision 0704).
      await expect(page).toHaveURL(/\/news\?search=iracing$/)
    })
  }
})
