import { describe, expect, it } from 'vitest'
import { ImageCache } from './image-cache.ts'

const png = (size: number, status = 200) =>
  new Response(new Uint8Array(size).fill(7), { status, headers: { 'content-type': 'image/png' } })

describe('ImageCache (the CDN stand-in for transformed images)', () => {
  it('serves a stored image again with its status, headers and bytes', async () => {
    const cache = new ImageCache()
    const key = ImageCache.key('build-1', '/.netlify/images?url=%2Fa.jpg&w=640', 'image/avif,image/webp,*/*')
    await cache.store(key, png(10))
    const hit = cache.get(key)
    expect(hit?.status).toBe(200)
    expect(hit?.headers).toContainEqual(['content-type', 'image/png'])
    expect(hit?.body).toEqual(new Uint8Array(10).fill(7))
  })

  it('keys by build, URL and Accept: a new build or another format is a miss', async () => {
    const cache = new ImageCache()
    await cache.store(ImageCache.key('build-1', '/i?w=640', 'image/avif'), png(10))
    expect(cache.get(ImageCache.key('build-2', '/i?w=640', 'image/avif'))).toBeUndefined()
    expect(cache.get(ImageCache.key('build-1', '/i?w=640', 'image/webp'))).toBeUndefined()
    expect(cache.get(ImageCache.key('build-1', '/i?w=960', 'image/avif'))).toBeUndefined()
  })

  it('keeps no failed answer', async () => {
    const cache = new ImageCache()
    const key = ImageCache.key('b', '/i', null)
    const answer = await cache.store(key, png(3, 404))
    expect(answer.status).toBe(404)
    expect(cache.get(key)).toBeUndefined()
  })

  it('drops the oldest images beyond its byte limit', async () => {
    const cache = new ImageCache(25)
    for (const name of ['a', 'b', 'c']) await cache.store(ImageCache.key('b', name, null), png(10))
    expect(cache.get(ImageCache.key('b', 'a', null))).toBeUndefined()
    expect(cache.get(ImageCache.key('b', 'b', null))).toBeDefined()
    expect(cache.get(ImageCache.key('b', 'c', null))).toBeDefined()
    expect(cache.size).toBe(2)
  })
})
