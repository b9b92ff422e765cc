import { test } from '@playwright/test'
import { adminLogin, waitForPublish } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'

/** Issue 9: an edit made in the panel reaches the public page by itself within 60 s (the local rebuild). */
test('a news title edited in the panel shows on the article page within 60 s', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000)
  await adminLogin(request, testInfo)
  // Start from a published site, so the measured minute is this edit's own.
  await waitForPublish(request)
  const [article] = (await (await request.get('/api/news?limit=1')).json()) as { id: number; title: string }[]
  await openTab(page, testInfo, 'news', 'News Management')
  const title = `Panel edit ${Date.now()}: Suzuka decider`
  await page.getByRole('button', { name: `Actions for ${article!.title}` }).click()
  await page.getByRole('menuitem', { name: 'Edit title', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit title' })
  await dialog.getByLabel('Title', { exact: true }).fill(title)
  await dialog.getByRole('button', { name: 'Save title' }).click()
  await expectToast(page, 'Title Updated')
  const edited = Date.now()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Site: (Changes pending|Building the site)/ })
      .first(),
  ).toBeVisible()

  await expect
    .poll(async () => (await request.get(`/news/${article!.id}`)).text(), { timeout: 60_000, intervals: [1000] })
    .toContain(title)
  expect(Date.now() - edited).toBeLessThan(60_000)
  console.log(`[admin-publish] visible after ${((Date.now() - edited) / 1000).toFixed(1)} s`)
  await expect(page.getByRole('status').filter({ hasText: 'Site: Live' }).first()).toBeVisible({ timeout: 60_000 })
})
