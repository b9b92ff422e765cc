/**
 * Open Graph cards (issue 11): each article page and the standings page name a generated
 * 1200x630 PNG in og:image and twitter:image, and that address answers a whole, decodable image.
 */
import { decodePng } from '../helpers/png.ts'
import { expect, test } from './public-helpers.ts'

async function socialImage(page: import('@playwright/test').Page): Promise<string> {
  const og = await page.locator('meta[property="og:image"]').getAttribute('content')
  const twitter = await page.locator('meta[name="twitter:image"]').getAttribute('content')
  expect(og).toBeTruthy()
  expect(twitter).toBe(og)
  return og!
}

test('an article page names its own card, and the card decodes as a 1200x630 PNG', async ({ page, request }) => {
  const [article] = await (await request.get('/api/news?limit=1')).json()
  await page.goto(`/news/${article.id}`)
  const image = await socialImage(page)
  expect(new URL(image).pathname).toBe(`/api/og/news/${article.id}`)
  const res = await request.get(new URL(image).pathname)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('image/png')
  const png = decodePng(await res.body())
  expect([png.width, png.height]).toEqual([1200, 630])
})

test('the championships page names the standings card', async ({ page, request }) => {
  await page.goto('/championships')
  const image = await socialImage(page)
  expect(new URL(image).pathname).toBe('/api/og/standings')
  const res = await request.get('/api/og/standings')
  expect(res.status()).toBe(200)
  const png = decodePng(await res.body())
  expect([png.width, png.height]).toEqual([1200, 630])
})
