/**
 * A save whose connection is lost must not sit on 'Saving...': it fails with the spec's toast, and
 * the same request, should it reach the site later, is refused and changes nothing.
 */
import { test, type Request } from '@playwright/test'
import { expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

test('a save that gets no answer fails with the spec toast and is never applied later', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await openTab(page, testInfo, 'games', 'Racing Games Management')
  const title = unique('Lost Connection Racer')
  await page.getByLabel('Title', { exact: true }).fill(title)

  // The connection drops: the request leaves the browser and no answer ever comes back.
  let held: Request | undefined
  await page.route('**/api/admin/games', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    held = route.request()
  })
  await page.getByRole('button', { name: 'Add Game' }).click()
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible()
  await expectToast(page, 'Error', /Failed to add game\. Please try again\./)
  await expect(page.getByRole('button', { name: 'Add Game' })).toBeEnabled()
  await page.unroute('**/api/admin/games')

  // The same request reaches the site after the panel gave up on it: refused, nothing saved.
  const headers = held!.headers()
  expect(Number(headers['x-request-deadline'])).toBeGreaterThan(0)
  const late = await page.request.fetch(held!.url(), { method: 'POST', headers, data: held!.postData() ?? '' })
  expect(late.status()).toBe(408)
  const games = (await (await page.request.get('/api/games')).json()) as { title: string }[]
  expect(games.map((g) => g.title)).not.toContain(title)
  await page.reload()
  await expect(page.getByRole('heading', { name: /^Your Racing Games \(\d+\)$/ })).toBeVisible()
  await expect(page.getByText(title, { exact: true })).toHaveCount(0)
})
