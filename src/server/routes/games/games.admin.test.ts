import { beforeEach, describe, expect, it } from 'vitest'
import { createGame, createReview } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('game writes', () => {
  it('creates a game with only a title; blank price and rating are empty strings', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/games', {
      cookie,
      body: { title: '  iRacing  ', price: '', rating: '', websiteUrl: '' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ title: 'iRacing', price: '', rating: '', websiteUrl: null, steamUrl: null })
    expect((await send('GET', `/api/games/${res.body.id}`)).body.title).toBe('iRacing')
  })

  it.each([{}, { title: '' }, { title: '   ' }, { websiteUrl: 'https://x.example' }])(
    'refuses %j with the spec message',
    async (body) => {
      const cookie = await adminCookie()
      const res = await send('POST', '/api/admin/games', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Please fill in the game title.' })
    },
  )

  it('needs the title and the Steam URL in the steamUrl variant', async () => {
    const cookie = await adminCookie()
    for (const body of [
      { title: 'ACC', steamUrl: '' },
      { title: '', steamUrl: 'https://store.steampowered.com/app/805550' },
    ]) {
      const res = await send('POST', '/api/admin/games', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Please fill in the game title and Steam URL.' })
    }
    const ok = await send('POST', '/api/admin/games', {
      cookie,
      body: { title: 'ACC', steamUrl: 'https://store.steampowered.com/app/805550' },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.steamUrl).toBe('https://store.steampowered.com/app/805550')
  })

  it.each(['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', 'ftp://x.example'])(
    'refuses the link %s',
    async (websiteUrl) => {
      const cookie = await adminCookie()
      const res = await send('POST', '/api/admin/games', { cookie, body: { title: 'X', websiteUrl } })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/must start with/)
    },
  )

  it('updates and deletes through both path shapes', async () => {
    const cookie = await adminCookie()
    const a = await createGame()
    const b = await createGame()
    const review = await createReview({ gameId: b.id })
    expect(
      (await send('PUT', `/api/games/${a.id}`, { cookie, body: { title: 'A2', rating: '95%' } })).body,
    ).toMatchObject({ title: 'A2', rating: '95%' })
    expect((await send('PUT', `/api/admin/games/${b.id}`, { cookie, body: { title: 'B2' } })).body.title).toBe('B2')
    expect((await send('DELETE', `/api/games/${a.id}`, { cookie })).status).toBe(200)
    expect((await send('DELETE', `/api/admin/games/${b.id}`, { cookie })).status).toBe(200)
    expect((await send('GET', '/api/games')).body).toEqual([])
    expect((await send('GET', `/api/reviews/${review.id}`)).body.gameId).toBeNull()
    expect((await send('DELETE', `/api/games/${a.id}`, { cookie })).status).toBe(404)
    expect((await send('PUT', '/api/admin/games/999', { cookie, body: { title: 'X' } })).status).toBe(404)
  })

  it('audits every write', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/games', { cookie, body: { title: 'Audited' } })
    await send('DELETE', `/api/games/${res.body.id}`, { cookie })
    const log = await send('GET', '/api/admin/audit-log?page=1&pageSize=10', { cookie })
    expect(log.body.total).toBe(2)
    expect(log.body.items[0]).toMatchObject({
      method: 'DELETE',
      route: '/api/games/:id',
      entity: 'game',
      entityId: String(res.body.id),
    })
    expect(log.body.items[1]).toMatchObject({
      method: 'POST',
      route: '/api/admin/games',
      summary: 'Created game "Audited"',
    })
    const page2 = await send('GET', '/api/admin/audit-log?page=2&pageSize=1', { cookie })
    expect(page2.body.items).toHaveLength(1)
    expect(page2.body.items[0].method).toBe('POST')
    expect((await send('GET', '/api/admin/audit-log?pageSize=0', { cookie })).status).toBe(400)
  })
})
