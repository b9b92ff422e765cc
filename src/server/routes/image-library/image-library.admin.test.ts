import { beforeEach, describe, expect, it } from 'vitest'
import { createAccessory, createGame, createLibraryImage, createNews } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('image library', () => {
  it("adds with the defaults 'Racing Image' and 'general', lists as an array, deletes", async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/image-library', {
      cookie,
      body: { url: 'https://img.example/a.jpg', name: '', category: '' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'Racing Image', category: 'general', source: 'url' })
    const listed = await send('GET', '/api/image-library')
    expect(Array.isArray(listed.body)).toBe(true)
    expect(listed.body).toHaveLength(1)
    expect((await send('DELETE', `/api/image-library/${res.body.id}`, { cookie })).status).toBe(200)
    expect((await send('DELETE', `/api/image-library/${res.body.id}`, { cookie })).status).toBe(404)
  })

  it('refuses a missing or unsafe URL', async () => {
    const cookie = await adminCookie()
    expect((await send('POST', '/api/image-library', { cookie, body: {} })).body).toEqual({
      message: 'Please choose an image to add to the library.',
    })
    expect((await send('POST', '/api/image-library', { cookie, body: { url: 'javascript:alert(1)' } })).status).toBe(
      400,
    )
  })

  it('GET /api/images pools library, game, hardware and news images, deduplicated by URL', async () => {
    const cookie = await adminCookie()
    await createLibraryImage({ url: '/media/shared.webp', name: 'Lib' })
    await createGame({ imageUrl: '/media/shared.webp' })
    await createGame({ imageUrl: '/media/game.webp', title: 'G' })
    await createAccessory({ imageUrl: '/media/hw.webp', name: 'H' })
    await createNews({ imageUrl: '/media/news.webp', title: 'N' })
    await createNews({ imageUrl: '' })
    const res = await send('GET', '/api/images', { cookie })
    expect(res.status).toBe(200)
    const urls = (res.body as { url: string; source: string }[]).map((i) => `${i.source}:${i.url}`)
    expect(urls).toEqual([
      'library:/media/shared.webp',
      'game:/media/game.webp',
      'accessory:/media/hw.webp',
      'news:/media/news.webp',
    ])
  })
})
