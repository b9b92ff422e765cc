import { expect, test } from '@playwright/test'

test('the home page is pre-rendered from the database', async ({ page, request }) => {
  const news = await (await request.get('/api/news?limit=3')).json()
  expect(news.length).toBe(3)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('RACE BEYOND LIMITS')
  await expect(page.getByRole('link', { name: news[0].title })).toBeVisible()
})

test('every public GET endpoint answers with demo content', async ({ request }) => {
  for (const path of [
    '/api/games',
    '/api/games/featured',
    '/api/games/steam',
    '/api/accessories',
    '/api/accessories/featured',
    '/api/news',
    '/api/championships-standings',
    '/api/championships',
    '/api/lap-times',
    '/api/streams',
    '/api/streams/live',
    '/api/reviews',
    '/api/image-library',
  ]) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    const body = await res.json()
    expect(Array.isArray(body), path).toBe(true)
    expect(body.length, path).toBeGreaterThan(0)
  }
  const hero = await (await request.get('/api/site-settings/hero_image')).json()
  expect(hero).toEqual({ key: 'hero_image', value: expect.stringMatching(/^\//) })
})
