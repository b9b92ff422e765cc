import { beforeEach, describe, expect, it } from 'vitest'
import {
  createAccessory,
  createChampionshipResult,
  createGame,
  createLibraryImage,
  createReview,
  createStandings,
  createStream,
} from '../../src/server/demo/factories.ts'
import { setSetting } from '../../src/server/repos/site-settings.repo.ts'
import { renderIdOf } from '../../src/server/http/render-timing.ts'
import { getJson } from '../helpers/app.ts'
import { adminCookie, send } from '../helpers/auth.ts'
import { resetDatabase } from '../helpers/db.ts'

type Row = Record<string, unknown>

beforeEach(resetDatabase)

describe('games', () => {
  it('lists every game, the featured ones, and the games screen list at /steam', async () => {
    const plain = await createGame({ title: 'Plain', featured: false })
    const star = await createGame({ title: 'Star', featured: true, rating: 'N/A', websiteUrl: null })
    const all = await getJson<Row[]>('/api/games')
    expect(all.status).toBe(200)
    expect(all.body.map((g) => g.id).sort()).toEqual([plain.id, star.id].sort())
    expect(all.body.find((g) => g.id === star.id)).toMatchObject({
      title: 'Star',
      rating: 'N/A',
      websiteUrl: null,
      imageUrl: expect.any(String),
      description: expect.any(String),
    })
    const featured = await getJson<Row[]>('/api/games/featured')
    expect(featured.body.map((g) => g.title)).toEqual(['Star'])
    const steam = await getJson<Row[]>('/api/games/steam')
    expect(steam.body).toHaveLength(2)
    expect(steam.headers.get('netlify-cache-tag')).toBe('games')
    expect(steam.headers.get('netlify-cdn-cache-control')).toContain('durable')
  })

  it('answers one game, 404 for an unknown id and 400 for a malformed one', async () => {
    const g = await createGame({ title: 'One' })
    expect((await getJson<Row>(`/api/games/${g.id}`)).body.title).toBe('One')
    expect(await getJson(`/api/games/${g.id + 100}`)).toMatchObject({
      status: 404,
      body: { message: 'Game not found' },
    })
    expect(await getJson('/api/games/x1')).toMatchObject({ status: 400, body: { message: 'Invalid id.' } })
  })
})

describe('accessories', () => {
  it('lists hardware newest first with the admin defaults, and the featured ones', async () => {
    const older = await createAccessory({ name: 'Older', createdAt: new Date('2025-01-01') })
    const newer = await createAccessory({ name: 'Newer', featured: true, createdAt: new Date('2026-01-01') })
    const list = await getJson<Row[]>('/api/accessories')
    expect(list.body.map((a) => a.id)).toEqual([newer.id, older.id])
    expect(list.body[0]).toMatchObject({
      name: 'Newer',
      rating: '4.5',
      price: 'Contact Manufacturer',
      purchaseUrl: expect.stringMatching(/^https:/),
    })
    expect((await getJson<Row[]>('/api/accessories/featured')).body.map((a) => a.name)).toEqual(['Newer'])
  })
})

describe('championships-standings', () => {
  it('answers the sets in display order, each with its drivers in order', async () => {
    await createStandings({ championshipName: 'Second', displayOrder: 2 }, 3)
    await createStandings({ championshipName: 'First', displayOrder: 1, season: '2026' }, 10)
    const { status, body } = await getJson<Row[]>('/api/championships-standings')
    expect(status).toBe(200)
    expect(body.map((s) => s.championshipName)).toEqual(['First', 'Second'])
    expect(body[0]).toMatchObject({ season: '2026', lastUpdated: expect.any(String), displayOrder: 1 })
    const standings = body[0]!.standings as Row[]
    expect(standings).toHaveLength(10)
    expect(standings[0]).toEqual({ position: 1, driverName: expect.any(String), team: expect.any(String), points: 100 })
    expect(standings.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('answers an empty list when nothing was generated', async () => {
    expect(await getJson('/api/championships-standings')).toMatchObject({ status: 200, body: [] })
  })
})

describe('championships', () => {
  it('lists entries by type and position; their last laps are no lap records (docs/decisions/0423)', async () => {
    await createChampionshipResult({ name: 'Slow', position: 2, lastLap: '1:33.000' })
    await createChampionshipResult({ name: 'Retired', position: 3, lastLap: 'DNF' })
    await createChampionshipResult({ name: 'Fast', position: 1, lastLap: '1:31.500' })
    await createChampionshipResult({ name: 'No lap', position: 4, lastLap: null })
    const entries = await getJson<Row[]>('/api/championships')
    expect(entries.body.map((e) => e.name)).toEqual(['Fast', 'Slow', 'Retired', 'No lap'])
    expect(entries.body[0]).toMatchObject({ championshipType: 'esports', points: 100, lastLap: '1:31.500' })
    expect((await getJson<Row[]>('/api/lap-times')).body).toEqual([])
  })
})

describe('streams', () => {
  it('lists live streams first and answers only live ones at /live, tags as an array', async () => {
    await createStream({ title: 'Recorded', isLive: false })
    await createStream({ title: 'On air', isLive: true, viewerCount: 1234, tags: ['gt3', 'spa', 'league', 'night'] })
    const all = await getJson<Row[]>('/api/streams')
    expect(all.body.map((s) => s.title)).toEqual(['On air', 'Recorded'])
    expect(all.body[0]).toMatchObject({
      isLive: true,
      viewerCount: 1234,
      tags: ['gt3', 'spa', 'league', 'night'],
      startTime: expect.any(String),
    })
    expect((await getJson<Row[]>('/api/streams/live')).body.map((s) => s.title)).toEqual(['On air'])
  })
})

describe('reviews', () => {
  it('answers reviews newest first with the rating as a numeric string and a nullable game link', async () => {
    const game = await createGame()
    await createReview({ title: 'Old', rating: '9.5', timestamp: new Date('2025-01-01'), gameId: game.id })
    await createReview({ title: 'New', rating: '4', timestamp: new Date('2026-01-01'), gameId: null })
    const { body } = await getJson<Row[]>('/api/reviews')
    expect(body.map((r) => [r.title, r.rating, r.gameId])).toEqual([
      ['New', '4.0', null],
      ['Old', '9.5', game.id],
    ])
  })
})

describe('site settings and the image library', () => {
  it('answers a setting by key, 404 for an unknown key and 400 for a malformed one', async () => {
    await setSetting('overlay_transparency', '35')
    expect(await getJson('/api/site-settings/overlay_transparency')).toMatchObject({
      status: 200,
      body: { key: 'overlay_transparency', value: '35' },
    })
    expect(await getJson('/api/site-settings/hero_image')).toMatchObject({
      status: 404,
      body: { message: 'Setting not found' },
    })
    expect((await getJson('/api/site-settings/Robert%27);DROP')).status).toBe(400)
  })

  it('answers the library as an array, newest first', async () => {
    await createLibraryImage({ name: 'Older', createdAt: new Date('2025-01-01') })
    await createLibraryImage({ name: 'Newer', createdAt: new Date('2026-01-01') })
    const { body } = await getJson<Row[]>('/api/image-library')
    expect(Array.isArray(body)).toBe(true)
    expect(body.map((i) => i.name)).toEqual(['Newer', 'Older'])
    expect(body[0]).toMatchObject({ url: expect.any(String), category: 'general', createdAt: expect.any(String) })
  })
})

describe('unknown paths', () => {
  it('answers 404 JSON for an unknown API path', async () => {
    expect(await getJson('/api/no-such-thing')).toMatchObject({ status: 404, body: { message: 'Not found' } })
  })
})

describe('one copy for everyone (docs/decisions/0702)', () => {
  const cdnHeaders = ['netlify-cdn-cache-control', 'netlify-cache-tag', 'netlify-vary', 'cache-control']
  const cacheHeadersOf = (headers: Headers) => cdnHeaders.map((name) => headers.get(name))

  it('answers a public read with the same kept copy whatever the cookie: made up, real or none', async () => {
    await createReview({ title: 'Shared' })
    const visitor = await send('GET', '/api/reviews')
    expect(visitor.headers.get('netlify-cdn-cache-control')).toContain('public')
    // Nothing of who asks is in the CDN's key.
    expect(visitor.headers.get('netlify-vary')).not.toContain('cookie')
    for (const cookie of ['admin_session=x', await adminCookie()]) {
      const asked = await send('GET', '/api/reviews', { cookie })
      expect(asked.body).toEqual(visitor.body)
      expect(cacheHeadersOf(asked.headers)).toEqual(cacheHeadersOf(visitor.headers))
      expect(asked.headers.get('set-cookie')).toBeNull()
    }
  })

  it("reads the panel's lists fresh through /api/admin: never kept, and only with a session", async () => {
    await createReview({ title: 'Fresh' })
    await createStream({ title: 'Fresh stream' })
    await setSetting('overlay_transparency', '35')
    const cookie = await adminCookie()
    for (const [admin, open] of [
      ['/api/admin/reviews', '/api/reviews'],
      ['/api/admin/streams', '/api/streams'],
      ['/api/admin/accessories', '/api/accessories'],
      ['/api/admin/championships', '/api/championships'],
      ['/api/admin/image-library', '/api/image-library'],
      ['/api/admin/site-settings/overlay_transparency', '/api/site-settings/overlay_transparency'],
    ]) {
      const fresh = await send('GET', admin!, { cookie })
      expect(fresh.status, admin).toBe(200)
      expect(fresh.body).toEqual((await send('GET', open!)).body)
      expect(fresh.headers.get('cache-control')).toBe('no-store')
      expect(fresh.headers.get('netlify-cdn-cache-control')).toBeNull()
      expect((await send('GET', admin!, { cookie: 'admin_session=x' })).status).toBe(401)
    }
  })

  it('says on every answer that it was rendered, each render with its own id', async () => {
    const ids = new Set<string | undefined>()
    for (const path of ['/api/reviews', '/api/reviews', '/api/no-such-thing']) {
      ids.add(renderIdOf((await send('GET', path)).headers.get('server-timing')))
    }
    expect(ids.has(undefined)).toBe(false)
    expect(ids.size).toBe(3)
  })
})
