import { expect, test } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'

/**
 * Issue 4: an edit made through the API reaches the public pages by itself (the local publisher
 * rebuilds into a fresh folder and swaps it in), within 60 seconds and without a restart.
 */
test('a news title edited through the API shows on the article page and the news list within 60 s', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  await adminLogin(request, testInfo)
  const [article] = await (await request.get('/api/news?limit=1')).json()
  const title = `Edited at ${Date.now()}: Monza thriller`

  const res = await request.post(`/api/admin/update-news-title/${article.id}`, { data: { title } })
  expect(res.status()).toBe(200)
  const status = await (await request.get('/api/admin/publish-status')).json()
  expect(['pending', 'building']).toContain(status.status)
  expect(status.changedTags).toContain('news')

  const edited = Date.now()
  await expect
    .poll(async () => (await request.get(`/news/${article.id}`)).text(), { timeout: 60_000, intervals: [1000] })
    .toContain(title)
  await page.goto(`/news/${article.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await page.goto('/news')
  await expect(page.getByText(title).first()).toBeVisible()
  expect(Date.now() - edited).toBeLessThan(60_000)
  console.log(`[publish] visible after ${((Date.now() - edited) / 1000).toFixed(1)} s`)
})
