/**
 * 10,000 articles (issues 11 and 17), written once for the lane (issue 41: one scale fixture per
 * lane): /news searches on the server, so the first count the visitor sees for /news?search=<term>
 * is the right one, never another before it; the admin's News tab pages, searches and filters them.
 *
 * The articles are written straight into the e2e site's scratch database, then the site is purged
 * from the CDN stand-in (no write route did it), and removed (and purged) afterwards, so the other
 * tests see the demo content again. Every 1000th is a draft, half of those scheduled for tomorrow;
 * every 7th published one holds the search term in its body.
 */
import type { Page } from '@playwright/test'
import postgres from 'postgres'
import { adminLogin, purgeSite } from '../helpers/e2e-admin.ts'
import { openTab } from '../helpers/e2e-admin-ui.ts'
import { e2eDatabaseUrl } from '../helpers/e2e-database.ts'
import { expect, recordCounts, test } from './public-helpers.ts'

/**
 * Under `npm start` each API call runs the Netlify function locally: seconds on a loaded two-core
 * machine (20 s seen under load). What these tests check is what is shown, and in which order, not how fast.
 */
const API_WAIT = 60_000
test.describe.configure({ timeout: 180_000 })

const ARTICLES = 10_000
const AUTHOR = 'E2E Scale'
/** In the body (never the excerpt) of every 7th article only, and in the title of one of the oldest. */
const TERM = 'zephyrcorner'
/** The article whose title holds the term too (a 7th: its body does too, so the count is the same). */
const TITLED = 9996

let sql: postgres.Sql

/** The CDN stand-in still holds what the site answered before the rows were written: purged. */
async function purge(
  playwright: import('@playwright/test').PlaywrightWorkerArgs['playwright'],
  testInfo: import('@playwright/test').TestInfo,
) {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await adminLogin(request, testInfo)
  await purgeSite(request)
  await request.dispose()
}

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(120_000)
  sql = postgres(e2eDatabaseUrl(testInfo), { prepare: false, max: 1, onnotice: () => {} })
  await sql`delete from news_articles where author = ${AUTHOR}`
  await sql`
    insert into news_articles (title, excerpt, content, category, author, display_order, timestamp, status, publish_at)
    select 'Scale row ' || i || case when i = ${TITLED} then ': the ' || ${TERM} else '' end,
      'A generated article for the scale test...',
      '<p>Generated article ' || i || ' about grid, apex and pit stops.</p>' ||
        case when i % 7 = 0 and i % 1000 <> 1 then '<p>The ' || ${TERM} || ' decided it.</p>' else '' end,
      (array['F1 News', 'Esports', 'Motorsport', 'Breaking', 'Hardware'])[1 + i % 5], ${AUTHOR}, 1000 + i,
      now() - i * interval '1 minute',
      (case when i % 1000 = 1 then 'draft' else 'published' end)::news_status,
      case when i % 2000 = 1 then now() + interval '1 day' end
    from generate_series(1, ${ARTICLES}) as i`
  // What autovacuum does on a real server: the planner then uses the search's trigram index.
  await sql`analyze news_articles`
  await purge(playwright, testInfo)
})

test.afterAll(async ({ playwright }, testInfo) => {
  await sql`delete from news_articles where author = ${AUTHOR}`
  await sql.end({ timeout: 5 })
  await purge(playwright, testInfo)
})

/** How many published articles hold the term, counted without the app. */
async function matches(): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from news_articles where status = 'published' and content ilike ${`%${TERM}%`}`
  return row!.n
}

test('/news?search= shows the right count first, with 10,000 articles', async ({ page }) => {
  const n = await matches()
  // Every 7th, but for those that are drafts (1001 and 8001).
  const published = Array.from({ length: ARTICLES }, (_, i) => i + 1).filter((i) => i % 7 === 0 && i % 1000 !== 1)
  expect(n).toBe(published.length)
  const shown = await recordCounts(page)

  await page.goto(`/news?search=${TERM}`)
  await expect(page.getByRole('heading', { name: `${n} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
  await expect(page.getByPlaceholder('Search articles...')).toHaveValue(TERM)
  await expect(page.getByRole('article')).toHaveCount(24)
  expect(await shown()).toEqual([`${n} Article(s) Found`])
})

test('a search ranks the article with the term in its title first, forgives a typo and finds words out of order, at 10,000 articles (issue 44)', async ({
  request,
}) => {
  const n = await matches()
  const first = await request.get(`/api/news?search=${TERM}&limit=3`)
  // The oldest but one of 10,000: first, over every newer article that holds it in its body.
  expect(((await first.json()) as { title: string }[])[0]!.title).toBe(`Scale row ${TITLED}: the ${TERM}`)
  expect(first.headers()['x-total-count']).toBe(String(n))
  const newest = (await (await request.get(`/api/news?search=${TERM}&order=newest&limit=1`)).json()) as {
    title: string
  }[]
  expect(newest[0]!.title).toBe('Scale row 7')
  const typo = await request.get(`/api/news/search-help?search=${TERM.slice(0, -2)}r`)
  expect(((await typo.json()) as { suggestion: string }).suggestion).toBe(TERM)
  const apart = (await (await request.get(`/api/news/search-help?search=decided%20${TERM}`)).json()) as {
    allWords: { title: string }[]
  }
  expect(apart.allWords.map((a) => a.title)).toEqual([
    'Scale row 7',
    'Scale row 14',
    'Scale row 21',
    'Scale row 28',
    'Scale row 35',
    'Scale row 42',
  ])
})

test('the header search lands on the right count first, and the list pages on through every match', async ({
  page,
}) => {
  const n = await matches()
  const shown = await recordCounts(page)
  await page.goto('/games')
  const search = page.getByRole('banner').getByPlaceholder('Search...').filter({ visible: true })
  await search.fill(`  ${TERM.toUpperCase()} `)
  await search.press('Enter')
  // The header sends the term as typed (trimmed); the page's one spelling is case-folded (decision 0704).
  await expect(page).toHaveURL(new RegExp(`/news\\?search=${TERM}$`))
  await expect(page.getByRole('heading', { name: `${n} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
  expect(await shown()).toEqual([`${n} Article(s) Found`])

  // Nearing the end of the list brings the next 24 matches.
  await page.getByRole('article').last().scrollIntoViewIfNeeded()
  await expect(page.getByRole('article')).toHaveCount(48, { timeout: API_WAIT })
})

test('the whole list counts every article and its categories cover them all', async ({ page, request }) => {
  const total = Number((await request.get('/api/news?limit=1')).headers()['x-total-count'])
  // The 10 drafts are not on the public site.
  expect(total).toBeGreaterThanOrEqual(ARTICLES - 10)
  await page.goto('/news')
  await expect(page.getByRole('heading', { name: `${total} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Hardware')
  const inCategory = Number((await request.get('/api/news?category=Hardware&limit=1')).headers()['x-total-count'])
  expect(inCategory).toBeGreaterThanOrEqual(ARTICLES / 5)
  await expect(page.getByRole('heading', { name: `${inCategory} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
})

const list = (page: Page) => page.getByRole('list', { name: 'News articles' })
const row = (page: Page, title: string) => list(page).getByRole('listitem').filter({ hasText: title })

test('the list pages 20 at a time, searches on the server and filters by status with counts', async ({
  page,
}, testInfo) => {
  const [c] = await sql<{ all: number; drafts: number; published: number; scheduled: number }[]>`
    select count(*)::int as all,
      (count(*) filter (where status = 'draft' and publish_at is null))::int as drafts,
      (count(*) filter (where status = 'published'))::int as published,
      (count(*) filter (where status = 'draft' and publish_at is not null))::int as scheduled
    from news_articles`
  const n = (v: number) => v.toLocaleString('en-US')
  await openTab(page, testInfo, 'news', 'News Management')
  await expect(page.getByRole('heading', { name: `News Articles (${n(c!.all)})` })).toBeVisible()
  await expect(page.getByText(`Showing 1-20 of ${n(c!.all)}`)).toBeVisible()
  await expect(list(page).getByRole('listitem')).toHaveCount(20)
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await expect(page.getByText(`Showing 21-40 of ${n(c!.all)}`)).toBeVisible()
  await page.getByRole('button', { name: 'Previous', exact: true }).click()
  await expect(page.getByText(`Showing 1-20 of ${n(c!.all)}`)).toBeVisible()

  const status = page.getByRole('group', { name: 'Status' })
  for (const [name, count] of [
    ['Drafts', c!.drafts],
    ['Published', c!.published],
    ['Scheduled', c!.scheduled],
  ] as const)
    await expect(status.getByRole('button', { name: `${name} (${n(count)})` })).toBeVisible()

  await status.getByRole('button', { name: /^Scheduled/ }).click()
  await expect(page.getByText(`Showing 1-${c!.scheduled} of ${c!.scheduled}`)).toBeVisible()
  await expect(list(page).getByRole('listitem').filter({ hasText: 'Scheduled for' })).toHaveCount(c!.scheduled)
  await status.getByRole('button', { name: /^All/ }).click()

  // Found by the server: the row is nowhere near the first page.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('scale row 4242')
  await expect(page.getByText('Showing 1-1 of 1', { exact: true })).toBeVisible()
  await expect(row(page, 'Scale row 4242')).toBeVisible()
  await expect(status.getByRole('button', { name: 'All (1)' })).toBeVisible()
})
