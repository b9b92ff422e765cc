import { test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { adminLogin, waitForPublish } from '../helpers/e2e-admin.ts'
import { expect, expectNoAxeViolations, openTab, unique } from '../helpers/e2e-admin-ui.ts'
import { noSession } from '../helpers/e2e-session.ts'
import { currentSite } from '../helpers/e2e-site.ts'

/**
 * Issue 33 in the browser: page views counted without cookies (once per visitor and day; bots,
 * prefetch, GPC and the owner not counted), 'Buy Now' through /go/ to the shop and counted, a broken
 * shop link found by 'Check links now', and the Audience tab showing it all (docs/decisions/0850-0854).
 */
const BEACON = '/api/analytics/view'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
/** A reader's browser: Chromium's own user agent says "HeadlessChrome", which is a bot's. */
const reader = (name: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 ${name}`

interface Figure {
  value: string
  views: number
  visitors: number
}

async function today(request: APIRequestContext) {
  const res = await request.get('/api/admin/analytics/summary')
  expect(res.status(), await res.text()).toBe(200)
  const all = await res.json()
  const day: string = all.range.to
  const figures = await (await request.get(`/api/admin/analytics/summary?from=${day}&to=${day}`)).json()
  return figures as { days: { day: string; views: number; visitors: number }[]; pages: Figure[]; totals: Figure }
}

const pageFigure = (figures: { pages: Figure[] }, path: string) =>
  figures.pages.find((p) => p.value === path) ?? { value: path, views: 0, visitors: 0 }

async function visitorContext(browser: Browser, userAgent: string, extra: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: noSession, userAgent, ...extra })
}

/** Opens a page and waits for its beacon's answer (sent once the page is shown). */
async function visit(page: Page, path: string) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === BEACON)
  await page.goto(path)
  expect((await answered).status()).toBe(204)
}

test.describe('audience figures', () => {
  test('a visit counts once per visitor per day; bots, prefetch, GPC and the owner do not; the Audience tab shows them', async ({
    page,
    browser,
    request,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const title = unique('Audience e2e: Spa in the rain')
    const created = await request.post('/api/news', {
      data: { title, content: '<p>Spa, six hours, rain from the start.</p>', author: 'E2E' },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = await created.json()
    const path = `/news/${id}`
    await waitForPublish(request)
    const before = pageFigure(await today(request), path)
    const calendarBefore = pageFigure(await today(request), '/calendar')
    const contexts: BrowserContext[] = []
    const context = async (userAgent: string, extra: Parameters<Browser['newContext']>[0] = {}) => {
      const made = await visitorContext(browser, userAgent, extra)
      contexts.push(made)
      return made.newPage()
    }

    // One reader, two views: one visitor. The first came from a newsletter campaign.
    const readerA = await context(reader(unique('A')))
    await visit(readerA, `${path}?utm_source=e2e-newsletter&utm_medium=email`)
    await visit(readerA, path)
    // The calendar is a page readers visit like the others (its views were dropped: issue 41).
    await visit(readerA, '/calendar')

    // A crawler, a browser asking not to be tracked, and the owner's own visit send beacons that are dropped.
    await visit(await context(GOOGLEBOT), path)
    await visit(await context(reader(unique('gpc')), { extraHTTPHeaders: { 'Sec-GPC': '1' } }), path)
    await visit(page, path)
    const anonymous = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: noSession,
    })
    const prefetched = await anonymous.post(BEACON, {
      headers: {
        'content-type': 'text/plain',
        origin: new URL(testInfo.project.use.baseURL!).origin,
        'user-agent': reader('p'),
        'sec-purpose': 'prefetch',
      },
      data: JSON.stringify({ u: path, w: 1280 }),
    })
    expect(prefetched.status()).toBe(204)

    // A prerendered page sends nothing until the reader sees it; then it counts once.
    const prerendered = await context(reader(unique('C')))
    await prerendered.addInitScript(() => {
      let hidden = true
      Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => hidden })
      ;(window as unknown as { reveal: () => void }).reveal = () => {
        hidden = false
        document.dispatchEvent(new Event('prerenderingchange'))
      }
    })
    const beacons: string[] = []
    prerendered.on('request', (r) => {
      if (new URL(r.url()).pathname === BEACON) beacons.push(r.url())
    })
    await prerendered.goto(path, { waitUntil: 'load' })
    expect(beacons).toEqual([])
    const shown = prerendered.waitForResponse((r) => new URL(r.url()).pathname === BEACON)
    await prerendered.evaluate(() => (window as unknown as { reveal: () => void }).reveal())
    expect((await shown).status()).toBe(204)

    const figures = await today(request)
    const after = pageFigure(figures, path)
    expect(after.views - before.views).toBe(3)
    expect(after.visitors - before.visitors).toBe(2)
    expect(pageFigure(figures, '/calendar').views - calendarBefore.views).toBe(1)

    // The Audience tab: the day's views, the top page and article, the campaign's source; no axe violation.
    await openTab(page, testInfo, 'audience', 'Audience')
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    const views = page.getByRole('definition').first()
    await expect(views).not.toHaveText('0')
    const topPages = page.getByRole('table', { name: 'Top pages' })
    await expect(topPages.getByRole('row').nth(1)).toContainText(path)
    await expect(topPages.getByRole('cell', { name: '/calendar', exact: true })).toHaveCount(1)
    await expect(page.getByRole('table', { name: 'Top articles' }).getByRole('link', { name: title })).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Sources' }).getByRole('row', { name: /e2e-newsletter/ }),
    ).toBeVisible()
    await expect(page.getByRole('table', { name: 'Mediums (utm_medium)' })).toContainText('email')
    await expect(
      page
        .getByRole('img', { name: /Page views and visitors per day/ })
        .locator('canvas')
        .first(),
    ).toBeVisible()
    await page.getByText("The chart's figures as a table").click()
    const day = figures.days.at(-1)!
    await expect(
      page.getByRole('row', { name: new RegExp(`^${day.day} ${day.views.toLocaleString('en-US')} `) }),
    ).toBeVisible()
    await expect(page.getByText(/^Loading/)).toHaveCount(0)
    await expectNoAxeViolations(page, 'audience tab')
    // The counting switch is on, and the line under it says what 'On' does; switched (not saved), 'Off' (issue 45).
    const counting = page.getByRole('switch', { name: 'Count page views' })
    await expect(counting).toBeChecked()
    await expect(page.getByText(/^On: each page sends its view/)).toBeVisible()
    await counting.click()
    await expect(page.getByText(/^Off: the pages send nothing/)).toBeVisible()
    await counting.click()
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled()

    await Promise.all(contexts.map((c) => c.close()))
    await anonymous.dispose()
    await request.delete(`/api/news/${id}`)
  })

  test("a list with more than 10 rows offers 'Show more', which shows the rest (issue 45)", async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    await adminLogin(request, testInfo)
    const articles = (await (await request.get('/api/news?limit=12')).json()) as { id: number }[]
    expect(articles).toHaveLength(12)
    const anonymous = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: noSession,
    })
    for (const { id } of articles) {
      const sent = await anonymous.post(BEACON, {
        headers: {
          'content-type': 'text/plain',
          origin: new URL(testInfo.project.use.baseURL!).origin,
          'user-agent': reader(unique('many')),
        },
        data: JSON.stringify({ u: `/news/${id}`, w: 1280 }),
      })
      expect(sent.status()).toBe(204)
    }
    await anonymous.dispose()

    await openTab(page, testInfo, 'audience', 'Audience')
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    const topArticles = page.getByRole('table', { name: 'Top articles' })
    // A heading row and the first 10.
    await expect(topArticles.getByRole('row')).toHaveCount(11)
    await page.getByRole('button', { name: 'Show more: Top articles' }).click()
    await expect.poll(() => topArticles.getByRole('row').count()).toBeGreaterThan(12)
    await expect(page.getByRole('button', { name: /^Show more/ })).toHaveCount(0)
    await expectNoAxeViolations(page, 'audience lists shown in full')
  })

  test("'Buy Now' lands on the shop and the Hardware tab's count rises by one; a crawler's request does not count", async ({
    page,
    browser,
    request,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const name = unique('E2E Direct Drive')
    const shopUrl = `${currentSite(testInfo).fakeShopOrigin}/product/${encodeURIComponent(name)}`
    const created = await request.post('/api/accessories', {
      data: { name, purchaseUrl: shopUrl, description: 'A wheel base.' },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = await created.json()
    await waitForPublish(request)

    await openTab(page, testInfo, 'accessories', 'Hardware Management')
    const row = page.getByRole('listitem').filter({ hasText: name })
    await expect(row.getByText('Clicks: 0 in 7 days · 0 in 30 days')).toBeVisible()

    const visitor = await visitorContext(browser, reader(unique('buyer')))
    const shopper = await visitor.newPage()
    // Arrived through a campaign's link (as a digest's or a Discord post's): the click counts under it.
    const campaign = `e2e-buy-${Date.now().toString(36)}`
    const counted = shopper.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/view')
    await shopper.goto(`/accessories?utm_source=discord&utm_medium=social&utm_campaign=${campaign}`)
    await counted
    await shopper.getByPlaceholder('Search hardware...').fill(name)
    const buy = shopper
      .getByRole('article')
      .filter({ has: shopper.getByRole('heading', { name }) })
      .getByRole('link', { name: /Buy Now/ })
    await expect(buy).toHaveAttribute('href', `/go/hardware/${id}`)
    await expect(buy).toHaveAttribute('rel', 'sponsored nofollow noopener')
    const [shop] = await Promise.all([visitor.waitForEvent('page'), buy.click()])
    await expect(shop).toHaveURL(shopUrl)
    await expect(shop.getByRole('heading', { name: `Fake shop: ${name}` })).toBeVisible()

    const crawler = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: noSession,
    })
    const crawled = await crawler.get(`/go/hardware/${id}`, { headers: { 'user-agent': GOOGLEBOT }, maxRedirects: 0 })
    expect(crawled.status()).toBe(302)
    expect(crawled.headers()['location']).toBe(shopUrl)
    expect(crawled.headers()['cache-control']).toBe('no-store')
    // A reader's HEAD asks for no page: through the served site (its CDN stand-in passes a HEAD on as
    // a HEAD), it is answered and not counted (decision 0852; issue 42).
    const headed = await crawler.head(`/go/hardware/${id}`, {
      headers: { 'user-agent': reader('head') },
      maxRedirects: 0,
    })
    expect(headed.status()).toBe(302)

    await page.reload()
    await expect(row.getByText('Clicks: 1 in 7 days · 1 in 30 days')).toBeVisible()
    // The Audience tab's Campaigns table: the campaign's visit and its click (issue 45).
    await openTab(page, testInfo, 'audience', 'Audience')
    const campaigns = page.getByRole('table', { name: 'Campaigns (utm_campaign)' })
    await expect(campaigns.getByRole('columnheader', { name: 'Clicks' })).toBeVisible()
    await expect(campaigns.getByRole('row', { name: new RegExp(`^${campaign} 1 1 1$`) })).toBeVisible()

    await visitor.close()
    await crawler.dispose()
    await request.delete(`/api/accessories/${id}`)
  })

  test("a shop link that answers 404 is listed as broken after 'Check links now'", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const name = unique('E2E Gone Pedals')
    const created = await request.post('/api/accessories', {
      data: { name, purchaseUrl: `${currentSite(testInfo).fakeShopOrigin}/missing` },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = await created.json()

    await openTab(page, testInfo, 'audience', 'Audience')
    const panel = page.getByRole('region', { name: 'Link health' })
    await panel.getByRole('button', { name: 'Check links now' }).click()
    await expect(panel.getByText(/^Last check /)).toBeVisible()
    await expect(
      panel.getByRole('row', { name: new RegExp(`${name}.*Broken.*The address answered 404`) }),
    ).toBeVisible()

    await openTab(page, testInfo, 'accessories', 'Hardware Management')
    await expect(page.getByRole('region', { name: /^Broken purchase links/ })).toContainText(name)
    await openTab(page, testInfo, 'system-settings', 'System Settings')
    await expect(page.getByRole('region', { name: /^Broken links/ })).toContainText(name)

    await request.delete(`/api/accessories/${id}`)
  })
})
