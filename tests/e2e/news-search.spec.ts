/**
 * Issue 34, 'search answered by the page' (decision 0704): `/news?search=` renders the search's own
 * results, count and cards on the server, so a visitor without scripts sees them and one with scripts
 * sees the right count from the first paint; the CDN keeps one copy per search, whatever tracking
 * parameters ride along, and any other spelling of the search is a 301 to its one spelling.
 * (Past 30 distinct searches a minute an address gets 429: src/server/routes/news/news.test.ts, at
 * the API that shares the page's budget, not here, where every test shares one address.)
 */
import { getCacheStatus } from '@netlify/cache'
import type { APIResponse } from '@playwright/test'
import { renderIdOf } from '../../src/server/http/render-timing.ts'
import { apiRequests, expect, islandsHydrated, recordCounts, test } from './public-helpers.ts'

const cacheHit = (res: APIResponse) => getCacheStatus(res.headers()['cache-status'] ?? '')?.hit ?? false

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("/news?search= is the search's own count and cards in the server's HTML, kept once at the CDN whatever the tracking parameters", async ({
    page,
    request,
  }) => {
    // Searched here only: no other test asks for it, so its copy is this test's.
    const term = 'pedals'
    const all = Number((await request.get('/api/news?limit=1')).headers()['x-total-count'])
    const matches: { title: string }[] = await (await request.get(`/api/news?search=${term}`)).json()
    expect(matches.length).toBeGreaterThan(0)
    expect(matches.length).toBeLessThan(all)

    const first = await page.goto(`/news?search=${term}`)
    expect(first!.status()).toBe(200)
    await expect(page.getByRole('heading', { name: `${matches.length} Article(s) Found` })).toBeVisible()
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(matches.map((m) => m.title))
    await expect(page.getByPlaceholder('Search articles...')).toHaveValue(term)
    await expect(page.getByRole('status', { name: 'Loading news' })).toHaveCount(0)
    const rendered = renderIdOf(first!.headers()['server-timing'])
    expect(rendered).toBeDefined()

    // The second request is the copy that render left at the CDN; with utm_source, the same copy.
    const second = await request.get(`/news?search=${term}`)
    expect(cacheHit(second)).toBe(true)
    expect(renderIdOf(second.headers()['server-timing'])).toBe(rendered)
    const third = await request.get(`/news?search=${term}&utm_source=x`, { maxRedirects: 0 })
    expect(third.status()).toBe(200)
    expect(cacheHit(third)).toBe(true)
    expect(renderIdOf(third.headers()['server-timing'])).toBe(rendered)
  })

  test("a search ranks and shows where it found the term; one that finds nothing offers 'Did you mean' and the articles with all its words (issue 44)", async ({
    page,
    request,
  }) => {
    // The term in a title first: the article whose title holds it before those that mention it further in.
    const ranked: { title: string }[] = await (await request.get('/api/news?search=le%20mans')).json()
    const inTitle = ranked.filter((a) => /le mans/i.test(a.title)).length
    expect(inTitle).toBeGreaterThan(0)
    expect(ranked.length).toBeGreaterThan(inTitle)
    expect(ranked.slice(0, inTitle).every((a) => /le mans/i.test(a.title))).toBe(true)
    await page.goto('/news?search=le%20mans')
    const cards = page.getByRole('article')
    await expect(cards.getByRole('heading')).toHaveText(ranked.map((a) => a.title))
    await expect(cards.first().locator('mark').first()).toHaveText(/^le mans$/i)
    // A card found by its text shows the passage, the term marked.
    await expect(cards.nth(inTitle).locator('[data-passage] mark')).toHaveText(/^le mans$/i)
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('relevant')

    // The site spells it 'Nürburgring': the reader's 'Nurburgring' finds nothing, and is offered it.
    expect(Number((await request.get('/api/news?search=nurburgring')).headers()['x-total-count'])).toBe(0)
    await page.goto('/news?search=Nurburgring')
    await expect(page.getByRole('heading', { name: '0 Article(s) Found' })).toBeVisible()
    const offered = page.getByRole('link', { name: 'Nürburgring' })
    await expect(offered).toHaveAttribute('href', `/news?search=${encodeURIComponent('nürburgring')}`)
    await expect(page.getByText('Did you mean Nürburgring?')).toBeVisible()
  })
})

test('another spelling of a search is a 301 to its one spelling: trimmed and case-folded', async ({ request }) => {
  for (const [asked, one] of [
    ['/news?search=%20F1%20', '/news?search=f1'],
    ['/news?search=F1&utm_source=x', '/news?search=f1&utm_source=x'],
  ]) {
    const res = await request.get(asked!, { maxRedirects: 0 })
    expect(res.status(), asked).toBe(301)
    expect(res.headers()['location'], asked).toBe(one)
  }
})

test("with JavaScript, the count is the search's own from the first paint and never changes", async ({
  page,
  request,
}) => {
  const term = 'esports'
  const total = Number((await request.get(`/api/news?search=${term}&limit=1`)).headers()['x-total-count'])
  expect(total).toBeGreaterThan(0)
  const own = `${total} Article(s) Found`
  const shown = await recordCounts(page)
  const reads = apiRequests(page)
  await page.goto(`/news?search=${term}`, { waitUntil: 'domcontentloaded' })
  const count = page.getByRole('heading', { name: /Article\(s\) Found$/ })
  expect(await count.textContent()).toBe(own)
  await islandsHydrated(page)
  expect(await count.textContent()).toBe(own)
  // Every count the page showed, from its first frame: only the search's own. And the island read
  // nothing that could change it later.
  expect(await shown()).toEqual([own])
  expect(reads).toEqual([])
})
