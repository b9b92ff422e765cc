import { axe } from '../../test-support/axe.ts'
import { expect, test } from './public-helpers.ts'

/** At most this many articles are checked; the other pages are all checked. */
const MAX_ARTICLES = 40
/** The URLs are checked in this many tests, so that the test workers share them. */
const SHARDS = 4

for (let shard = 0; shard < SHARDS; shard++) {
  test(`no serious or critical axe violation on any URL of the sitemap (part ${shard + 1} of ${SHARDS})`, async ({
    page,
    request,
  }) => {
    // About 15 s on a quiet machine; the bound leaves room for a busy one.
    test.setTimeout(300_000)
    const failures = await axeFailures(
      page,
      (await urlsToCheck(request)).filter((_, i) => i % SHARDS === shard),
    )
    expect(failures).toEqual([])
  })
}

/** Every URL of the sitemap (articles sampled), a missing page and a missing article. */
async function urlsToCheck(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text()
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const articles = paths.filter((p) => p.startsWith('/news/'))
  const step = Math.max(1, Math.ceil(articles.length / MAX_ARTICLES))
  return [
    ...paths.filter((p) => !p.startsWith('/news/')),
    ...articles.filter((_, i) => i % step === 0).slice(0, MAX_ARTICLES),
    '/no-such-page',
    '/news/999999',
  ]
}

async function axeFailures(page: import('@playwright/test').Page, sample: string[]): Promise<string[]> {
  const failures: string[] = []
  for (const path of sample) {
    await page.goto(path)
    // Reveal lazily hydrated sections so that what visitors reach is what is checked.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForTimeout(150)
    const results = await axe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        failures.push(
          `${path}: ${v.id} (${v.impact}) ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
        )
      }
    }
  }
  return failures
}

test('the mobile menu and the controls are reachable by keyboard, with a visible focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await expect(toggle).toBeFocused()
  const outline = await toggle.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).toBe('solid')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
})
