/**
 * Deploys are spaced out to stay within the month's deploy budget (decision 0204), so a new article
 * is published before its page is built: it must show, with 200, not 404 until the next build.
 */
import { expect, test } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'

test('a new article shows at its address before the site is rebuilt; an unknown id is still 404', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const title = `Fresh off the grid ${Date.now()}`
  const created = await request.post('/api/news', {
    data: { title, author: 'Desk', category: 'F1 News', content: '<p>Written a moment ago.</p>' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  try {
    // At once: the rebuild the write asked for takes far longer than this.
    const response = await page.goto(`/news/${id}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Written a moment ago.')).toBeVisible()
    await expect(page.getByText('Published by Desk')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to News' })).toBeVisible()

    const unknown = await page.goto('/news/987654321')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible()
  } finally {
    expect((await request.delete(`/api/news/${id}`)).status()).toBe(200)
  }
})
