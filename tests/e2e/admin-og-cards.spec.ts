/**
 * Open Graph cards through the served site (issue 16): an article whose picture points at its own
 * card once made one anonymous GET recurse without end (thousands of connections, the site down);
 * and `?cb=N` drew the card again on every request.
 */
import { getCacheStatus } from '@netlify/cache'
import { expect, test } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { noSession } from '../helpers/e2e-session.ts'

test('a card whose article points at the card itself answers once, and the site keeps answering', async ({
  request,
  playwright,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const created = await request.post('/api/news', {
    data: { title: `Card loop ${Date.now()}`, author: 'Security', category: 'News', content: '<p>Loop.</p>' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  try {
    const image = await request.put(`/api/news/${id}/image`, { data: { imageUrl: `/api/og/news/${id}?x` } })
    expect(image.status(), await image.text()).toBe(200)

    const card = await request.get(`/api/og/news/${id}`, { timeout: 15_000 })
    expect(card.status()).toBe(200)
    expect(card.headers()['content-type']).toBe('image/png')
    expect((await request.get('/api/games', { timeout: 5_000 })).status()).toBe(200)

    // Cache busting draws nothing new: the same bytes, from the instance's copy, keyed on the path.
    const first = await request.get(`/api/og/news/${id}?cb=1`)
    for (const cb of [2, 3, 4]) {
      const again = await request.get(`/api/og/news/${id}?cb=${cb}`)
      expect(again.headers()['x-card-cache']).toBe('hit')
      expect(Buffer.compare(await again.body(), await first.body())).toBe(0)
    }
    // And a visitor's `?cb=N` is the CDN's one copy of the path, never a new render.
    const visitor = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: noSession,
    })
    await visitor.get(`/api/og/news/${id}?cb=5`)
    for (const cb of [6, 7]) {
      const again = await visitor.get(`/api/og/news/${id}?cb=${cb}`)
      expect(getCacheStatus(again.headers()['cache-status'] ?? '')?.hit).toBe(true)
    }
    await visitor.dispose()
  } finally {
    expect((await request.delete(`/api/news/${id}`)).status()).toBe(200)
  }
})

test('robots.txt lets social crawlers fetch the cards and keeps them out of the rest of the API', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Allow: /api/og/')
  expect(robots).toContain('Disallow: /api/')
})
