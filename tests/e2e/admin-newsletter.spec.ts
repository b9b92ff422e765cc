import { readFileSync } from 'node:fs'
import { test, type APIRequestContext } from '@playwright/test'
import postgres from 'postgres'
import { e2eSites } from '../../test-support/e2e-site.ts'
import { toZonedInput } from '../../src/lib/time-zone.ts'
import { adminLogin, tickScheduler } from '../helpers/e2e-admin.ts'
import { expect, expectNoAxeViolations, openTab } from '../helpers/e2e-admin-ui.ts'
import { e2eDatabaseUrl } from '../helpers/e2e-database.ts'
import { linkIn, mailTo } from '../helpers/e2e-mail.ts'
import { e2eSessionFile, noSession } from '../helpers/e2e-session.ts'
import { followAsReader } from '../helpers/e2e-reader.ts'

/**
 * The newsletter in the browser (issue 32), on a site whose mail goes to its fake SMTP server
 * (scripts/e2e-server.ts): a reader subscribes from the footer and from an article, confirms from
 * the email, gets the digest at the scheduled time (the test site's clock control: no waiting for
 * a real minute), unsubscribes with one POST to the List-Unsubscribe address and gets nothing
 * after; a bounce marks its address; the tab counts them and exports the CSV; axe on every form.
 * The read-only site has no mail settings, as `npm start`: no form, and the tab says what to set.
 */
const stamp = Date.now().toString(36)
const footerReader = `footer-${stamp}@example.com`
const articleReader = `article-${stamp}@example.com`
const bouncing = `bounce-${stamp}@example.com`

/** The next quarter hour after `from`, at least a minute away. */
const nextQuarter = (from: number) => new Date(Math.ceil((from + 60_000) / 900_000) * 900_000)

async function digestAt(request: APIRequestContext, slot: Date) {
  const { timeZone } = (await (await request.get('/api/admin/time-zone')).json()) as { timeZone: string }
  const wall = toZonedInput(slot, timeZone)
  const res = await request.post('/api/admin/scheduler/config', {
    data: {
      enabled: true,
      digest: { enabled: true, frequency: 'daily', hour: Number(wall.slice(11, 13)), minute: Number(wall.slice(14)) },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function publish(request: APIRequestContext, title: string, timestamp?: Date): Promise<number> {
  const res = await request.post('/api/news', {
    data: {
      ...(timestamp ? { timestamp: timestamp.toISOString() } : {}),
      title,
      author: 'E2E Desk',
      category: 'Motorsport',
      excerpt: `${title}: the short of it.`,
      content: '<p>Body.</p>',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

test.afterAll(async ({ request }, testInfo) => {
  // The lane's other tests find the scheduler as they left it: off.
  await adminLogin(request, testInfo)
  await request.post('/api/admin/scheduler/config', { data: { enabled: false, digest: { enabled: false } } })
})

test('subscribe, confirm from the email, get the digest, unsubscribe in one POST; the tab counts and exports', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  await adminLogin(request, testInfo)
  const title = `Digest headline ${stamp}`
  const articleId = await publish(request, title)
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: noSession })
  const reader = await visitor.newPage()

  // From the footer, beside the quick links: the line saying what is kept, then the answer in place.
  await reader.goto('/')
  const footer = reader.getByRole('contentinfo').getByRole('region', { name: 'Newsletter' })
  await expect(footer.getByText('We keep only your email address')).toBeVisible()
  await footer.getByRole('textbox', { name: 'Email address' }).fill('not an address')
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByRole('status')).toHaveText('Please enter a valid email address.')
  await footer.getByRole('textbox', { name: 'Email address' }).fill(footerReader)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByRole('status')).toHaveText('Check your inbox to confirm.')
  await expectNoAxeViolations(reader, 'footer sign-up')

  // At the end of an article.
  await reader.goto(`/news/${articleId}`)
  const atEnd = reader.getByRole('region', { name: 'Get the weekly digest' })
  await atEnd.getByRole('textbox', { name: 'Email address' }).fill(articleReader)
  await atEnd.getByRole('button', { name: 'Subscribe' }).click()
  await expect(atEnd.getByRole('status')).toHaveText('Check your inbox to confirm.')
  await expectNoAxeViolations(reader, 'article sign-up')

  // A second sign-up of a known address: the same answer, and no second confirmation.
  await reader.goto('/')
  await footer.getByRole('textbox', { name: 'Email address' }).fill(footerReader)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByRole('status')).toHaveText('Check your inbox to confirm.')
  const [confirmation] = await mailTo(testInfo, footerReader, { subject: /^Confirm/ })
  expect(await mailTo(testInfo, footerReader)).toHaveLength(1)
  expect(confirmation!.html).toContain('Confirm subscription')
  expect(confirmation!.text).toContain('Confirm subscription')
  expect(confirmation!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

  // Confirmed from the email's link: a page with a button (opening it changes nothing).
  for (const address of [footerReader, articleReader]) {
    const [email] = await mailTo(testInfo, address, { subject: /^Confirm/ })
    await reader.goto(linkIn(email!.html, '/newsletter/confirm'))
    await expect(reader.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible()
    await expect(reader.getByText(address)).toBeVisible()
    if (address === footerReader) await expectNoAxeViolations(reader, 'confirm page')
    await reader.getByRole('button', { name: 'Confirm subscription' }).click()
    await expect(reader.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()
  }
  // The link works once; opened again while subscribed, it says so as the first time (issue 45).
  const [used] = await mailTo(testInfo, footerReader, { subject: /^Confirm/ })
  const again = await reader.goto(linkIn(used!.html, '/newsletter/confirm'))
  expect(again?.status()).toBe(200)
  await expect(reader.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()
  await expect(reader.getByText('You are subscribed. The next digest will be in your inbox.')).toBeVisible()
  await expect(reader.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0)

  // A confirmed address whose mail server refuses it for good (the fake refuses 'bounce...').
  const sql = postgres(e2eDatabaseUrl(testInfo), { prepare: false, max: 1, onnotice: () => {} })
  try {
    await sql`insert into newsletter_subscribers (email, status, confirmed_at) values (${bouncing}, 'confirmed', now())`
  } finally {
    await sql.end()
  }

  // The digest at its time on the site's clock: the week's articles, HTML and text, RFC 8058 headers.
  const slot = nextQuarter(Date.now())
  await digestAt(request, slot)
  await tickScheduler(request, slot)
  const [digest] = await mailTo(testInfo, footerReader, { subject: /^SimRacing Hub daily/ })
  await mailTo(testInfo, articleReader, { subject: /^SimRacing Hub daily/ })
  expect(digest!.html).toContain(title)
  // Titles as written in the text part (issue 45: they were in capitals).
  expect(digest!.text).toContain(title)
  // A reader who follows the digest's link is counted under Newsletter in the Audience tab: the
  // link carries the digest's tags (issue 45). Chromium's own user agent is a bot's to the beacon.
  const digestLink = new URL(
    /href="(https?:\/\/[^"/]+\/news\/\d+\/[^"]+)"/.exec(digest!.html)![1]!.replaceAll('&amp;', '&'),
  )
  expect(digestLink.searchParams.get('utm_source')).toBe('newsletter')
  expect(digestLink.searchParams.get('utm_campaign')).toMatch(/^digest-\d{4}-\d\d-\d\d$/)
  await followAsReader(browser, testInfo.project.use.baseURL!, digestLink)
  await openTab(page, testInfo, 'audience', 'Audience')
  await expect(page.getByRole('table', { name: 'Sources' }).getByRole('row', { name: /^Newsletter \d/ })).toBeVisible()
  expect(digest!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=/)
  expect(digest!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

  // One POST to the List-Unsubscribe address, as a mail provider makes it, unsubscribes at once.
  const oneClick = /<([^>]+)>/.exec(digest!.headers['list-unsubscribe']!)![1]!
  const unsubscribed = await visitor.request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } })
  expect(unsubscribed.status()).toBe(200)
  // The visible link opens a page that says so (it never unsubscribes by itself).
  await reader.goto(linkIn(digest!.html, '/newsletter/unsubscribe'))
  await expect(reader.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible()
  const [otherDigest] = await mailTo(testInfo, articleReader, { subject: /^SimRacing Hub daily/ })
  await reader.goto(linkIn(otherDigest!.html, '/newsletter/unsubscribe'))
  await expect(reader.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()
  await expectNoAxeViolations(reader, 'unsubscribe page')

  // The next digest: the one still subscribed gets it, the unsubscribed address nothing more. (The
  // article is dated after the first digest's time, as it would be without the test's clock control.)
  const next = `Next day ${stamp}`
  await publish(request, next, new Date(slot.getTime() + 3_600_000))
  await tickScheduler(request, new Date(slot.getTime() + 86_400_000))
  const both = await mailTo(testInfo, articleReader, { subject: /^SimRacing Hub daily/, count: 2 })
  expect(both.at(-1)!.html).toContain(next)
  expect(await mailTo(testInfo, footerReader, { subject: /^SimRacing Hub daily/ })).toHaveLength(1)
  await visitor.close()

  // The tab: counts, the bounce, the last digests, the CSV of the addresses.
  const overview = (await (await request.get('/api/admin/newsletter')).json()) as {
    counts: Record<'confirmed' | 'pending' | 'unsubscribed' | 'bounced', number>
  }
  expect(overview.counts.bounced).toBeGreaterThanOrEqual(1)
  const lookup = await request.get(`/api/admin/newsletter/subscribers?email=${encodeURIComponent(bouncing)}`)
  expect((await lookup.json()).subscriber).toMatchObject({ status: 'bounced' })
  await openTab(page, testInfo, 'newsletter', 'Newsletter')
  const counts = page.getByRole('region', { name: 'Subscribers' })
  for (const [key, label] of [
    ['confirmed', 'Confirmed'],
    ['unsubscribed', 'Unsubscribed'],
    ['bounced', 'Bounced'],
  ] as const) {
    const term = page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })
    await expect(counts.locator('div').filter({ has: term }).getByRole('definition')).toHaveText(
      overview.counts[key].toLocaleString('en-US'),
    )
  }
  const digests = page.getByRole('region', { name: 'Last digests' })
  const sent = digests.getByRole('row').filter({ hasText: title })
  await expect(sent).toContainText('Sent')
  // What it brought (issue 45): the one reader who followed its link is its one visit.
  const column = async (name: string) =>
    (await digests.getByRole('columnheader').allTextContents()).findIndex((h) => h.trim() === name)
  await expect(sent.getByRole('cell').nth(await column('Visits'))).toHaveText('1')
  await expect(sent.getByRole('cell').nth(await column('Clicks'))).toHaveText('0')
  // The preview is the email itself, pictures from the site's image CDN, under the panel's CSP.
  const refused: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text())
  })
  await page.getByRole('button', { name: 'Preview Digest' }).click()
  const email = page.frameLocator('iframe[title="Preview of the digest email"]')
  // The article's headline links to it; so does its picture, named by the same title (issue 44).
  await expect(email.getByRole('heading', { name: title }).getByRole('link', { name: title })).toBeVisible()
  await expect(email.getByRole('link', { name: title })).toHaveCount(2)
  await expect
    .poll(() =>
      email
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0)
  expect(refused).toEqual([])
  await expectNoAxeViolations(page, 'newsletter tab')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
  expect(csv).toContain(`"${articleReader}","confirmed"`)
  expect(csv).toContain(`"${footerReader}","unsubscribed"`)
  expect(csv).toContain(`"${bouncing}","bounced"`)
})

test('without mail settings, as `npm start`: no form on the pages, and the tab says what to set', async ({
  browser,
}) => {
  const demo = e2eSites(process.env)[0]!
  const context = await browser.newContext({ baseURL: demo.baseURL, storageState: e2eSessionFile(demo.baseURL) })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'News' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await page.goto('/admin?tab=newsletter')
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 2 })).toBeVisible()
  await expect(page.getByRole('note')).toContainText('Email is not configured')
  await expect(page.getByRole('note')).toContainText('SMTP_URL')
  await expect(page.getByRole('note')).toContainText('NEWSLETTER_FROM')
  await context.close()
})
