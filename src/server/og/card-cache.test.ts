import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors.ts'
import { createCardCache } from './card-cache.ts'

const png = (size: number, fill = 1) => Buffer.alloc(size, fill)

/** A draw that finishes when the test says so, counting how many run at once. */
function gate() {
  let running = 0
  let most = 0
  const releases: (() => void)[] = []
  const draw =
    (size = 10) =>
    async () => {
      running += 1
      most = Math.max(most, running)
      await new Promise<void>((resolve) => releases.push(resolve))
      running -= 1
      return png(size)
    }
  const releaseAll = async () => {
    while (releases.length) {
      releases.shift()!()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  }
  return { draw, releaseAll, most: () => most, pending: () => releases.length }
}

describe('createCardCache', () => {
  const limits = { maxCards: 3, maxBytes: 100, maxRenders: 2, maxWaiting: 2 }

  it('draws a card once and answers later requests from memory', async () => {
    const cache = createCardCache(limits)
    let draws = 0
    const draw = async () => (draws++, png(10))
    expect((await cache('a', draw)).hit).toBe(false)
    expect((await cache('a', draw)).hit).toBe(true)
    expect(draws).toBe(1)
  })

  it('drops the least recently used card past the count or the byte limit', async () => {
    const cache = createCardCache(limits)
    const draws: string[] = []
    const get = (key: string, size = 10) => cache(key, async () => (draws.push(key), png(size)))
    await get('a')
    await get('b')
    await get('c')
    await get('a') // a is now the most recently used
    await get('d') // four cards: b goes
    expect((await get('a')).hit).toBe(true)
    expect((await get('b')).hit).toBe(false)
    await get('big', 90) // 90 + the others exceed 100 bytes: all but it go
    expect((await get('big')).hit).toBe(true)
    expect((await get('d')).hit).toBe(false)
    expect((await get('huge', 500)).hit).toBe(false)
    expect((await get('huge', 500)).hit).toBe(false) // larger than the whole cache: never kept
  })

  it('draws at most two at once, lets a few wait and tells the rest to come back', async () => {
    const cache = createCardCache(limits)
    const g = gate()
    const answers = ['a', 'b', 'c', 'd'].map((key) => cache(key, g.draw()))
    const refused = cache('e', g.draw())
    await expect(refused).rejects.toBeInstanceOf(ApiError)
    await expect(refused).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '2' } })
    expect(g.pending()).toBe(2)
    await g.releaseAll()
    expect((await Promise.all(answers)).map((a) => a.hit)).toEqual([false, false, false, false])
    expect(g.most()).toBe(2)
  })

  it('draws a card asked for many times at once only once', async () => {
    const cache = createCardCache(limits)
    const g = gate()
    const answers = [1, 2, 3].map(() => cache('same', g.draw()))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(g.pending()).toBe(2) // two turns; the third waits
    await g.releaseAll()
    const hits = (await Promise.all(answers)).map((a) => a.hit)
    expect(hits.filter((hit) => !hit).length).toBeLessThanOrEqual(2)
    expect(hits[2]).toBe(true)
  })
})
