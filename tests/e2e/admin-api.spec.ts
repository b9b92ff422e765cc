import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { adminLogin, e2eAdminPassword } from '../helpers/e2e-admin.ts'
import { noSession } from '../helpers/e2e-session.ts'

/** A JPEG-looking file of the given size: the JPEG magic bytes, then varied filler. */
function jpegOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size)
  let x = 7
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    bytes[i] = x & 0xff
  }
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
  bytes.set([0xff, 0xd9], size - 2)
  return bytes
}

test.describe('admin API without a session', () => {
  // Starts as a visitor (the run's saved session is left out), then logs in.
  test.use({ storageState: noSession })

  test('writes need the session; a foreign origin is refused even with it', async ({ request }, testInfo) => {
    const anonymous = await request.post('/api/admin/games', { data: { title: 'X' } })
    expect(anonymous.status()).toBe(401)
    expect(await anonymous.json()).toEqual({ message: expect.any(String) })
    expect((await request.delete('/api/games/1')).status()).toBe(401)

    await adminLogin(request, testInfo)
    expect((await request.get('/api/admin/session')).status()).toBe(200)
    const foreign = await request.post('/api/admin/games', {
      data: { title: 'X' },
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status()).toBe(403)
    const wrong = await request.post('/api/admin/login', { data: { password: `${e2eAdminPassword(testInfo)}-nope` } })
    expect(wrong.status()).toBe(401)
    expect(await wrong.json()).toEqual({ message: 'Invalid admin password' })
  })
})

test.describe('admin API through the served site', () => {
  test('security headers on pages and API answers', async ({ request }) => {
    for (const path of ['/', '/news', '/api/news', '/api/admin/session']) {
      const res = await request.get(path)
      const headers = res.headers()
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      expect(headers['referrer-policy'], path).toBeTruthy()
      const csp = headers['content-security-policy'] ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(/script-src[^;]*'unsafe-inline'/.test(csp), path).toBe(false)
    }
  })

  test('a 9.9 MB JPEG uploads in chunks into Blobs and comes back byte-identical from /media', async ({
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const jpeg = jpegOfSize(Math.floor(9.9 * 1024 * 1024))
    const open = await request.post('/api/admin/uploads', { data: { size: jpeg.length, name: 'big.jpg' } })
    expect(open.status(), await open.text()).toBe(201)
    const { id, chunkSize, chunks } = await open.json()
    for (let i = 0; i < chunks; i++) {
      const res = await request.put(`/api/admin/uploads/${id}/chunks/${i}`, {
        data: jpeg.subarray(i * chunkSize, Math.min(jpeg.length, (i + 1) * chunkSize)),
        headers: { 'content-type': 'application/octet-stream' },
      })
      expect(res.status(), await res.text()).toBe(200)
    }
    const done = await request.post(`/api/admin/uploads/${id}/complete`)
    expect(done.status(), await done.text()).toBe(201)
    const { url } = await done.json()
    expect(url).toBe(`/media/${createHash('sha256').update(jpeg).digest('hex')}.jpg`)

    const served = await request.get(url)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/jpeg')
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Buffer.compare(await served.body(), jpeg)).toBe(0)

    const library = await request.post('/api/image-library', { data: { url, name: 'Big' } })
    expect(library.status()).toBe(201)
    expect((await library.json()).url).toBe(url)
  })

  test('an 11 MB file and a renamed non-image are refused', async ({ request }, testInfo) => {
    await adminLogin(request, testInfo)
    const big = await request.post('/api/admin/uploads', { data: { size: 11 * 1024 * 1024, name: 'huge.jpg' } })
    expect(big.status()).toBe(413)
    expect(await big.json()).toEqual({ message: 'The image is larger than 10 MB.' })

    const text = Buffer.from('These are meeting notes, renamed to notes.jpg.\n'.repeat(20))
    const open = await (
      await request.post('/api/admin/uploads', { data: { size: text.length, name: 'notes.jpg' } })
    ).json()
    const chunk = await request.put(`/api/admin/uploads/${open.id}/chunks/0`, {
      data: text,
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(chunk.status()).toBe(415)
    expect(await chunk.json()).toEqual({ message: 'Only JPEG, PNG, GIF and WebP images can be uploaded.' })
  })
})
