/**
 * Open Graph cards through the served site (issue 16): an article whose picture points at its own
 * card once made one anonymous GET recurse without end (thousands of connections, the site down);
 * and `?cb=N` drew the card again on every request.
 */
import net, { type AddressInfo } from 'node:net'
import { getCacheStatus } from '@netlify/cache'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { noSession } from '../helpers/e2e-session.ts'

/** An article with this picture (saved as it is), for a card test; answers its id. */
async function articleWithPicture(request: APIRequestContext, title: string, imageUrl: string): Promise<number> {
  const created = await request.post('/api/news', {
    data: { title, author: 'Security', category: 'News', content: '<p>Picture.</p>' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const image = await request.put(`/api/news/${id}/image`, { data: { imageUrl } })
  expect(image.status(), await image.text()).toBe(200)
  return id
}

async function cardBytes(request: APIRequestContext, id: number): Promise<Buffer> {
  const card = await request.get(`/api/og/news/${id}`, { timeout: 20_000 })
  expect(card.status()).toBe(200)
  expect(card.headers()['content-type']).toBe('image/png')
  return card.body()
}

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

    // Cache busting draws nothing new: the same bytes, the CDN's one copy of the path (the owner
    // gets the copy everyone gets: decision 0702).
    const first = await request.get(`/api/og/news/${id}?cb=1`)
    for (const cb of [2, 3, 4]) {
      const again = await request.get(`/api/og/news/${id}?cb=${cb}`)
      expect(getCacheStatus(again.headers()['cache-status'] ?? '')?.hit).toBe(true)
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

test('a picture path with encoded dots or an IPv4-mapped loopback address gives the card no picture', async ({
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  // Listens on 127.0.0.1: the card would open a TLS connection to it before anything failed.
  let connections = 0
  const listener = net.createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const { port } = listener.address() as AddressInfo
  const title = `Refused picture ${Date.now()}`
  const ids: number[] = []
  try {
    // The reference: a picture the card has always refused (the API itself), so a plain background.
    ids.push(await articleWithPicture(request, title, '/api/og/standings'))
    // The Image CDN decodes this to /api/og/standings?.png: the card drew another card under it.
    ids.push(await articleWithPicture(request, title, '/images/%2e%2e/api/og/standings%3F.png'))
    ids.push(await articleWithPicture(request, title, `https://[::ffff:127.0.0.1]:${port}/x.png`))
    // The standings card drawn first, so that a nested request for it answers at once from the
    // instance's cards (not after the card's 4 s limit for its picture); then one card at a time.
    expect((await request.get('/api/og/standings', { timeout: 20_000 })).status()).toBe(200)
    const [plain, dotted, mapped] = [
      await cardBytes(request, ids[0]!),
      await cardBytes(request, ids[1]!),
      await cardBytes(request, ids[2]!),
    ]
    expect(Buffer.compare(dotted!, plain!), 'the encoded-dot picture was drawn').toBe(0)
    expect(Buffer.compare(mapped!, plain!)).toBe(0)
    expect(connections, 'the card connected to 127.0.0.1').toBe(0)
    expect((await request.get('/api/games', { timeout: 5_000 })).status()).toBe(200)
  } finally {
    await new Promise((resolve) => listener.close(resolve))
    for (const id of ids) expect((await request.delete(`/api/news/${id}`)).status()).toBe(200)
  }
})

test('robots.txt lets social crawlers fetch the cards and keeps them out of the rest of the API', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Allow: /api/og/')
  expect(robots).toContain('Disallow: /api/')
})
