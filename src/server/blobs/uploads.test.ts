import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fakeJpeg, startBlobs, tinyPng, type BlobsHarness } from '../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { appWith, type Send } from '../../../tests/helpers/app.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { serveMedia } from './serve.ts'

let blobs: BlobsHarness
let app: ReturnType<typeof appWith>['app']
let send: Send
beforeAll(async () => {
  blobs = await startBlobs()
  ;({ app, send } = appWith({ blobs: blobs.stores }))
})
afterAll(async () => blobs.close())
beforeEach(resetDatabase)

/** The browser's side of a chunked upload (docs/decisions/0201-chunked-image-uploads.md). */
async function upload(cookie: string, bytes: Uint8Array) {
  const open = await send('POST', '/api/admin/uploads', { cookie, body: { size: bytes.length, name: 'photo.jpg' } })
  if (open.status !== 201) return open
  const { id, chunkSize, chunks } = open.body as { id: string; chunkSize: number; chunks: number }
  for (let i = 0; i < chunks; i++) {
    const chunk = bytes.subarray(i * chunkSize, Math.min(bytes.length, (i + 1) * chunkSize))
    const res = await app.request(`/api/admin/uploads/${id}/chunks/${i}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      body: chunk as Uint8Array<ArrayBuffer>,
    })
    if (res.status !== 200) return { status: res.status, body: await res.json(), headers: res.headers }
  }
  return send('POST', `/api/admin/uploads/${id}/complete`, { cookie })
}

describe('chunked image uploads into Blobs', () => {
  it('accepts a 9.9 MB JPEG, stores it under its content hash and serves it back byte-identical', async () => {
    const cookie = await adminCookie()
    const jpeg = fakeJpeg(Math.floor(9.9 * 1024 * 1024))
    const res = await upload(cookie, jpeg)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      contentType: 'image/jpeg',
      size: jpeg.length,
      url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.jpg$/),
    })

    const served = await serveMedia(blobs.stores, new Request(`http://localhost${res.body.url}`))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const back = new Uint8Array(await served.arrayBuffer())
    expect(back.length).toBe(jpeg.length)
    expect(Buffer.compare(Buffer.from(back), Buffer.from(jpeg))).toBe(0)

    // The same bytes again: the same URL (content hash), stored once.
    expect((await upload(cookie, jpeg)).body.url).toBe(res.body.url)
  })

  it('refuses an 11 MB file', async () => {
    const cookie = await adminCookie()
    const res = await upload(cookie, fakeJpeg(11 * 1024 * 1024))
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('The image is larger than 10 MB.')
  })

  it('refuses a chunk over 4 MB', async () => {
    const cookie = await adminCookie()
    const open = await send('POST', '/api/admin/uploads', { cookie, body: { size: 9 * 1024 * 1024 } })
    const res = await app.request(`/api/admin/uploads/${open.body.id}/chunks/0`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      body: fakeJpeg(5 * 1024 * 1024) as Uint8Array<ArrayBuffer>,
    })
    expect(res.status).toBe(413)
  })

  it.each([
    ['a text file renamed .jpg', new TextEncoder().encode('Just some notes, not a picture at all.\n'.repeat(10))],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'.repeat(5))],
    ['an HTML page', new TextEncoder().encode('<!doctype html><script>alert(1)</script>'.repeat(5))],
  ])('refuses %s by its bytes', async (_name, bytes) => {
    const cookie = await adminCookie()
    const res = await upload(cookie, bytes)
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('Only JPEG, PNG, GIF and WebP images can be uploaded.')
  })

  it('refuses SVG with a clear message', async () => {
    const cookie = await adminCookie()
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>',
    )
    const res = await upload(cookie, svg)
    expect(res.status).toBe(415)
    expect(res.body.message).toMatch(/SVG images are not allowed/)
  })

  it('answers 404 for unknown uploads and media', async () => {
    const cookie = await adminCookie()
    expect((await send('POST', `/api/admin/uploads/${'0'.repeat(32)}/complete`, { cookie })).status).toBe(404)
    expect((await serveMedia(blobs.stores, new Request(`http://localhost/media/${'a'.repeat(64)}.png`))).status).toBe(
      404,
    )
    expect((await serveMedia(blobs.stores, new Request('http://localhost/media/..%2F..%2Fetc%2Fpasswd'))).status).toBe(
      404,
    )
    // A key that is not even a decodable path segment is the client's mistake: 400, never a 500.
    expect((await serveMedia(blobs.stores, new Request('http://localhost/media/%E0%A4%A'))).status).toBe(400)
  })
})

describe('data URLs become blobs', () => {
  it('stores a library image sent as a data URL and keeps only our URL', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/image-library', {
      cookie,
      body: { url: `data:image/png;base64,${tinyPng.toString('base64')}` },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Racing Image',
      category: 'general',
      source: 'upload',
      url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.png$/),
    })
    const served = await serveMedia(blobs.stores, new Request(`http://localhost${res.body.url}`))
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), tinyPng)).toBe(0)
  })

  it.each([
    ['an SVG data URL', `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`, 415],
    ['text posing as a PNG', `data:image/png;base64,${Buffer.from('hello world').toString('base64')}`, 415],
    ['a data URL that is not base64', 'data:image/png,hello', 400],
    ['broken base64', 'data:image/png;base64,@@@@', 400],
  ])('refuses %s and stores nothing', async (_name, url, status) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/image-library', { cookie, body: { url } })
    expect(res.status).toBe(status)
    expect(res.body.message).toBeTruthy()
    expect((await send('GET', '/api/image-library')).body).toEqual([])
  })
})
