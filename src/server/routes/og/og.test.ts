import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { Resvg } from '@resvg/resvg-js'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { decodePng } from '../../../../tests/helpers/png.ts'
import { createNews, createStandings } from '../../demo/factories.ts'
import { NO_QUERY_VARIANTS } from '../../http/cache.ts'
import { createOgApp } from './og.routes.ts'

const app = createOgApp()

beforeEach(resetDatabase)

/**
 * Stands in for the site's Image CDN: every picture is plain red, as PNG; `/images/bomb.png` is a
 * decompression bomb (10000x10000 red pixels in 300 KB of PNG).
 */
let cdn: http.Server
let origin = ''
const requested: string[] = []
let bomb: Buffer
beforeAll(async () => {
  const red = new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="36"><rect width="64" height="36" fill="#ff0000"/></svg>',
  )
    .render()
    .asPng()
  bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ff0000' } })
    .png({ compressionLevel: 9 })
    .toBuffer()
  cdn = http.createServer((req, res) => {
    requested.push(req.url ?? '')
    const picture = req.url?.includes(encodeURIComponent('/images/bomb.png')) ? bomb : red
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(picture)
  })
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`
}, 120_000)
afterAll(() => new Promise<void>((resolve) => cdn.close(() => resolve())))

/** The colour at the top of a card: the picture under a light veil, or the plain dark background. */
const topColour = (bytes: Uint8Array) => decodePng(bytes).pixel(600, 20).slice(0, 3)

async function card(path: string) {
  const res = await app.request(`${origin}${path}`)
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('GET /api/og/news/:id', () => {
  it("draws a 1200x630 PNG over the article's picture, fetched as JPEG from the Image CDN", async () => {
    const article = await createNews({
      title: 'Verstappen wins in Spa',
      category: 'F1 News',
      imageUrl: '/demo/news/spa.webp',
    })
    const { res, bytes } = await card(`/api/og/news/${article.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('netlify-cache-tag')).toContain('news')
    const png = decodePng(bytes)
    expect([png.width, png.height]).toEqual([1200, 630])
    // The top of the card is the picture (red) under a light veil.
    const [r, g, b] = png.pixel(600, 20)
    expect(r).toBeGreaterThan(120)
    expect(g).toBeLessThan(60)
    expect(b).toBeLessThan(60)
    expect(requested.at(-1)).toBe(`/.netlify/images?url=${encodeURIComponent('/demo/news/spa.webp')}&w=1200&fm=jpg`)
  })

  it('keeps a plain background when the picture cannot be read', async () => {
    const article = await createNews({ imageUrl: 'http://insecure.example/x.png' })
    const png = decodePng((await card(`/api/og/news/${article.id}`)).bytes)
    expect([png.width, png.height]).toEqual([1200, 630])
    const [r, g, b] = png.pixel(600, 20)
    expect(Math.max(r, g, b)).toBeLessThan(60)
  })

  it('never fetches a card, the API or a private address for its picture (an article image once made a card recurse)', async () => {
    const loop = await createNews({ title: 'Loop' })
    const { updateNews } = await import('../../repos/news.repo.ts')
    for (const imageUrl of [
      `/api/og/news/${loop.id}?x`,
      `${origin}/api/og/news/${loop.id}`,
      `${origin}/x.png`,
      `https://127.0.0.1:${new URL(origin).port}/picture.png`,
      `https://localhost:${new URL(origin).port}/picture.png`,
      '/.netlify/images?url=/api/og/news/1',
    ]) {
      await updateNews(loop.id, { imageUrl })
      const before = requested.length
      const { res, bytes } = await card(`/api/og/news/${loop.id}?for=${encodeURIComponent(imageUrl)}`)
      expect(res.status).toBe(200)
      expect(decodePng(bytes).width).toBe(1200)
      expect(requested.slice(before)).toEqual([])
    }
  })

  it('never fetches a card through an encoded dot segment: the path is decided decoded', async () => {
    const article = await createNews({ title: 'Dots' })
    const { updateNews } = await import('../../repos/news.repo.ts')
    for (const imageUrl of [
      `/images/%2e%2e/api/og/news/${article.id}%3F.png`,
      `/images/%252e%252e/api/og/news/${article.id}%253F.png`,
      '/media/.%2E/api/og/standings.png',
      '/demo/%2e%2e%2fapi%2fog%2fstandings.png',
    ]) {
      await updateNews(article.id, { imageUrl })
      const before = requested.length
      const { res, bytes } = await card(`/api/og/news/${article.id}?for=${encodeURIComponent(imageUrl)}`)
      expect(res.status).toBe(200)
      expect(Math.max(...topColour(bytes))).toBeLessThan(60)
      expect(requested.slice(before)).toEqual([])
    }
  })

  it('never connects to a loopback address written as IPv4-mapped IPv6', async () => {
    // A bare TCP listener: the card would open a TLS connection to it before anything failed.
    let connections = 0
    const listener = net.createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as AddressInfo
    try {
      const article = await createNews({ title: 'Mapped' })
      const { updateNews } = await import('../../repos/news.repo.ts')
      for (const imageUrl of [
        `https://[::ffff:127.0.0.1]:${port}/x.png`,
        `https://[::ffff:7f00:1]:${port}/x.png`,
        `https://[0:0:0:0:0:ffff:127.0.0.1]:${port}/x.png`,
        `https://[::127.0.0.1]:${port}/x.png`,
      ]) {
        await updateNews(article.id, { imageUrl })
        const { res } = await card(`/api/og/news/${article.id}?for=${encodeURIComponent(imageUrl)}`)
        expect(res.status).toBe(200)
      }
      expect(connections).toBe(0)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
  })

  it('draws no picture of more pixels than a card can afford (a decompression bomb): a plain background', async () => {
    const article = await createNews({ title: 'Bomb', imageUrl: '/images/bomb.png' })
    const { res, bytes } = await card(`/api/og/news/${article.id}`)
    expect(res.status).toBe(200)
    expect(requested.at(-1)).toContain(encodeURIComponent('/images/bomb.png'))
    expect(Math.max(...topColour(bytes))).toBeLessThan(60)
  })

  it('draws a card once, whatever its query string, and keys the CDN copy on the path', async () => {
    const article = await createNews({ title: 'Cache me', imageUrl: '/demo/news/spa.webp' })
    const first = await card(`/api/og/news/${article.id}?cb=1`)
    expect(first.res.headers.get('x-card-cache')).toBe('miss')
    expect(first.res.headers.get('netlify-vary')).toBe(`query=${NO_QUERY_VARIANTS}`)
    expect(first.res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d{6,}.*durable/)
    expect(first.res.headers.get('netlify-cache-tag')).toBe(`news:${article.id}`)
    const before = requested.length
    for (let cb = 2; cb <= 6; cb++) {
      const again = await card(`/api/og/news/${article.id}?cb=${cb}`)
      expect(again.res.headers.get('x-card-cache')).toBe('hit')
      expect(again.bytes).toEqual(first.bytes)
    }
    expect(requested.length).toBe(before)
  })

  it('answers 404 for an unknown article and 400 for a bad id', async () => {
    expect((await card('/api/og/news/424242')).res.status).toBe(404)
    expect((await card('/api/og/news/abc')).res.status).toBe(400)
  })
})

describe('GET /api/og/standings', () => {
  it('draws the standings card', async () => {
    await createStandings({ championshipName: 'GT World Challenge' })
    const { res, bytes } = await card('/api/og/standings')
    expect(res.status).toBe(200)
    expect(res.headers.get('netlify-cache-tag')).toContain('standings')
    const png = decodePng(bytes)
    expect([png.width, png.height]).toEqual([1200, 630])
  })
})
