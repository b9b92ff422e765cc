import { test, type APIRequestContext } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { expect, expectNoAxeViolations, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'
import { mailTo } from '../helpers/e2e-mail.ts'
import { followAsReader } from '../helpers/e2e-reader.ts'
import { noSession } from '../helpers/e2e-session.ts'

/**
 * The digest the owner shapes (issue 45, decision 0874), in the browser on a site whose mail goes
 * to its fake SMTP server: the sender's postal address, an intro, one article left out and another
 * moved first in the preview, a test sent; the email has them so, its 'view in browser' link opens
 * the same digest on the site, and its article links carry the digest's tags to the Audience tab.
 */
const stamp = Date.now().toString(36)
const owner = `owner-${stamp}@example.com`

async function publish(request: APIRequestContext, title: string, minutesAgo: number): Promise<void> {
  const res = await request.post('/api/news', {
    data: {
      timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      title,
      author: 'E2E Desk',
      category: 'Sim Racing',
      excerpt: `${title}: the short of it.`,
      content: `<p>${title}, told at length.</p>`,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** The article titles of a digest, in its order (each article's heading). */
const titlesIn = (html: string) => [...html.matchAll(/<h2[^>]*><a[^>]*>([^<]+)<\/a>/g)].map(([, t]) => t!)

test('the owner writes an intro, leaves one article out, moves another first and sends a test as readers will get it', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  await adminLogin(request, testInfo)
  // Three articles of the period, newest first: third, second, first.
  const [first, second, third] = ['Endurance opener', 'Midweek patch notes', 'Rain race recap'].map(
    (t) => `${t} ${stamp}`,
  )
  await publish(request, first!, 3)
  await publish(request, second!, 2)
  await publish(request, third!, 1)

  await openTab(page, testInfo, 'newsletter', 'Newsletter')
  const sender = page.getByRole('region', { name: 'Sender' })
  await sender.getByRole('textbox', { name: 'Postal address' }).fill('SimRacing Hub\n1 Pit Lane\nSilverstone NN12 8TN')
  await sender.getByRole('button', { name: 'Save Address' }).click()
  await expectToast(page, 'Address Saved')

  await page.getByRole('button', { name: 'Preview Digest' }).click()
  const shape = page.getByRole('form', { name: 'Shape the next digest' })
  await shape.getByRole('textbox', { name: 'Intro' }).fill('A wet weekend and a new build.\n\nRead on.')
  await shape.getByRole('checkbox', { name: second }).uncheck()
  // To the top of the list (the demo's articles of the week are there too), and one step back and forth.
  const rows = shape.getByRole('list', { name: 'Articles of the next digest' }).getByRole('listitem')
  await shape.getByRole('button', { name: `Move ${first} to the top` }).click()
  await expect(rows.first()).toContainText(first!)
  await shape.getByRole('button', { name: `Move ${first} down` }).click()
  await expect(rows.nth(1)).toContainText(first!)
  await shape.getByRole('button', { name: `Move ${first} up` }).click()
  await expect(rows.first()).toContainText(first!)
  await expect(shape.getByRole('button', { name: `Move ${first} to the top` })).toBeDisabled()
  await shape.getByRole('button', { name: 'Save Digest' }).click()
  await expectToast(page, 'Digest Saved')
  // The preview is the email made with it.
  const preview = page.frameLocator('iframe[title="Preview of the digest email"]')
  await expect(preview.getByText('A wet weekend and a new build.')).toBeVisible()
  await expect(preview.getByRole('heading', { level: 2 }).first()).toHaveText(first!)
  await expect(preview.getByRole('heading', { name: second })).toHaveCount(0)
  await expectNoAxeViolations(page, 'digest shaping')

  await page.getByRole('textbox', { name: 'Your email address' }).fill(owner)
  await page.getByRole('button', { name: 'Send Test to Me' }).click()
  await expectToast(page, 'Test Sent')
  const [email] = await mailTo(testInfo, owner, { subject: /^\[Test\] SimRacing Hub/ })
  const titles = titlesIn(email!.html)
  expect(titles[0]).toBe(first)
  expect(titles).toContain(third)
  expect(email!.html).not.toContain(second)
  expect(email!.html).toContain('A wet weekend and a new build.')
  expect(email!.html).toContain('SimRacing Hub<br/>1 Pit Lane<br/>Silverstone NN12 8TN')
  expect(email!.text).toContain('1 Pit Lane')
  const hrefs = [...email!.html.matchAll(/href="([^"]+)"/g)].map(([, h]) => new URL(h!.replaceAll('&amp;', '&')))
  const articleLinks = hrefs.filter((h) => /^\/news\/\d+\//.test(h.pathname))
  expect(articleLinks.length).toBeGreaterThanOrEqual(2 * 3)
  for (const link of articleLinks) {
    expect(link.searchParams.get('utm_source')).toBe('newsletter')
    expect(link.searchParams.get('utm_medium')).toBe('email')
    expect(link.searchParams.get('utm_campaign')).toMatch(/^digest-\d{4}-\d\d-\d\d$/)
  }

  // 'View this email in your browser' opens the same digest on the site, for anyone with the link.
  const view = hrefs.find((h) => h.pathname.startsWith('/newsletter/digests/'))!
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: noSession })
  const reader = await visitor.newPage()
  const answer = await reader.goto(view.pathname + view.search)
  expect(answer?.status()).toBe(200)
  // The email's own HTML under a policy of its own: its inline styles and the site's pictures, no script.
  expect(answer?.headers()['content-security-policy']).toContain("default-src 'none'")
  expect(answer?.headers()['x-robots-tag']).toBe('noindex')
  await expect(reader.getByText('A wet weekend and a new build.')).toBeVisible()
  expect(await reader.getByRole('heading', { level: 2 }).allTextContents()).toEqual(titles)
  await expect(reader.getByText('1 Pit Lane')).toBeVisible()
  // A made-up preview link opens nothing: the site's 404.
  expect((await reader.goto('/newsletter/digests/preview?token=p.1.x'))?.status()).toBe(404)
  await expect(reader.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await visitor.close()

  // A reader who follows the digest's link counts under Newsletter in the Audience tab.
  await followAsReader(browser, testInfo.project.use.baseURL!, articleLinks[0]!)
  await openTab(page, testInfo, 'audience', 'Audience')
  await expect(page.getByRole('table', { name: 'Sources' }).getByRole('row', { name: /^Newsletter \d/ })).toBeVisible()
})
