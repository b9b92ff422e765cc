/**
 * /news with 10,000 articles (issue 11): the search runs on the server, so the first count the
 * visitor sees for /news?search=<term> is the right one, never another before it.
 *
 * The articles are written straight into the e2e site's scratch database, then the site is purged
 * from the CDN stand-in (no write route did it), and removed (and purged) afterwards, so the other
 * tests see the demo content again.
 */
import postgres from 'postgres'
import { adminLogin, purgeSite } from '../helpers/e2e-admin.ts'
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
/** In the body (never the title or excerpt) of every 7th article only. */
const TERM = 'zephyrcorner'

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
    insert into news_articles (title, excerpt, content, category, author, display_order, timestamp)
    select 'Scale article ' || i, 'A generated article for the scale test...',
      '<p>Generated article ' || i || ' about grid, apex and pit stops.</p>' ||
        case when i % 7 = 0 then '<p>The ' || ${TERM} || ' decided it.</p>' else '' end,
      (array['F1 News', 'Esports', 'Motorsport', 'Breaking', 'Hardware'])[1 + i % 5], ${AUTHOR}, 1000 + i,
      now() - i * interval '1 minute'
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

/** How many articles hold the term, counted without the app. */
async function matches(): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from news_articles where content ilike ${`%${TERM}%`}`
  return row!.n
}

test('/news?search= shows the right count first, with 10,000 articles', async ({ page }) => {
  const n = await matches()
  expect(n).toBe(Math.floor(ARTICLES / 7))
  const shown = await recordCounts(page)

  await page.goto(`/news?search=${TERM}`)
  await expect(page.getByRole('heading', { name: `${n} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
  await expect(page.getByPlaceholder('Search articles...')).toHaveValue(TERM)
  await expect(page.getByRole('article')).toHaveCount(24)
  expect(await shown()).toEqual([`${n} Article(s) Found`])
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
  expect(total).toBeGreaterThanOrEqual(ARTICLES)
  await page.goto('/news')
  await expect(page.getByRole('heading', { name: `${total} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Hardware')
  const inCategory = Number((await request.get('/api/news?category=Hardware&limit=1')).headers()['x-total-count'])
  expect(inCategory).toBeGreaterThanOrEqual(ARTICLES / 5)
  await expect(page.getByRole('heading', { name: `${inCategory} Article(s) Found` })).toBeVisible({ timeout: API_WAIT })
})
