/**
 * Issue 17 item 8: the news list has real paged links beside its infinite scroll, so a crawler (or
 * a visitor without scripts) reaches every article from /news through links, not only through the
 * sitemap. Articles are written straight into the e2e site's scratch database, then the site is
 * purged from the CDN stand-in (as no write route did it); they are removed (and purged) afterwards.
 */
import postgres from 'postgres'
import { adminLogin, purgeSite } from '../helpers/e2e-admin.ts'
import { e2eDatabaseUrl } from '../helpers/e2e-database.ts'
import { expect, test } from './public-helpers.ts'
import { noSession } from '../helpers/e2e-session.ts'

const AUTHOR = 'E2E Pages'
const ARTICLES = 40
test.describe.configure({ timeout: 120_000 })

let sql: postgres.Sql

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(120_000)
  sql = postgres(e2eDatabaseUrl(testInfo), { prepare: false, max: 1, onnotice: () => {} })
  await sql`delete from news_articles where author = ${AUTHOR}`
  await sql`
    insert into news_articles (title, excerpt, content, category, author, display_order, timestamp)
    select 'Paged article ' || i, 'An article of the paging test...', '<p>Paged article ' || i || '.</p>',
      'Motorsport', ${AUTHOR}, 5000 + i, now() - i * interval '1 minute'
    from generate_series(1, ${ARTICLES}) as i`
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await adminLogin(request, testInfo)
  await purgeSite(request)
  await request.dispose()
})

test.afterAll(async ({ playwright }, testInfo) => {
  await sql`delete from news_articles where author = ${AUTHOR}`
  await sql.end({ timeout: 5 })
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await adminLogin(request, testInfo)
  await purgeSite(request)
  await request.dispose()
})

test('without scripts, /news links to page 2, whose cards link to the next 24 articles in list order', async ({
  browser,
  request,
}) => {
  const total = Number((await request.get('/api/news?limit=1')).headers()['x-total-count'])
  const pages = Math.ceil(total / 24)
  expect(pages).toBeGreaterThanOrEqual(3)
  const expected: { id: number; title: string; slug: string }[] = await (
    await request.get('/api/news?limit=24&offset=24')
  ).json()

  // A crawler's view: no script runs, so only the HTML's own links lead on.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: noSession })
  const page = await context.newPage()
  await page.goto('/news')
  const pager = page.getByRole('navigation', { name: 'News pages' })
  await expect(pager.getByRole('link', { name: `Page ${pages}` })).toHaveAttribute('href', `/news/page/${pages}`)
  await pager.getByRole('link', { name: 'Next' }).click()

  await expect(page).toHaveURL(/\/news\/page\/2$/)
  await expect(page.getByRole('heading', { name: `Page 2 of ${pages}: articles 25-48 of ${total}` })).toBeVisible()
  const links = page.getByRole('article').getByRole('link')
  await expect(links).toHaveCount(24)
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
    expected.map((a) => `/news/${a.id}/${a.slug}`),
  )
  await expect(page.getByRole('navigation', { name: 'News pages' }).getByText('2', { exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // The last page links back, and its articles open.
  await page
    .getByRole('navigation', { name: 'News pages' })
    .getByRole('link', { name: `Page ${pages}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/news/page/${pages}$`))
  await page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Previous' }).click()
  await expect(page).toHaveURL(new RegExp(`/news/page/${pages - 1}$`))
  const first = page.getByRole('article').getByRole('link').first()
  const title = (await first.textContent())?.trim() ?? ''
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await context.close()
})

test('every list page answers 200 and a page past the end answers 404', async ({ request }) => {
  const total = Number((await request.get('/api/news?limit=1')).headers()['x-total-count'])
  const pages = Math.ceil(total / 24)
  for (let n = 2; n <= pages; n++) expect((await request.get(`/news/page/${n}`)).status(), `page ${n}`).toBe(200)
  const past = await request.get(`/news/page/${pages + 1}`)
  expect(past.status()).toBe(404)
  expect(await past.text()).toContain('404 Page Not Found')
  expect((await request.get('/news/page/zero')).status()).toBe(404)
})
