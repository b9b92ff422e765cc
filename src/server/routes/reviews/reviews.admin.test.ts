import { beforeEach, describe, expect, it } from 'vitest'
import { createGame, createReview } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('review writes', () => {
  it('creates a review rated 0-10 with an optional game', async () => {
    const cookie = await adminCookie()
    const game = await createGame()
    const res = await send('POST', '/api/reviews', {
      cookie,
      body: { title: 'ACC review', content: 'Great', author: 'Me', rating: '8.5', gameId: game.id },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ rating: '8.5', gameId: game.id })
    const none = await send('POST', '/api/reviews', { cookie, body: { title: 'No game', rating: 7, gameId: null } })
    expect(none.body).toMatchObject({ rating: '7.0', gameId: null })
  })

  it.each([
    [{ title: 'X', rating: 11 }, 'The rating must be a number from 0 to 10.'],
    [{ title: 'X', rating: -1 }, 'The rating must be a number from 0 to 10.'],
    [{ title: 'X' }, 'The rating must be a number from 0 to 10.'],
    [{ rating: 5 }, 'Please fill in the review title.'],
    [{ title: 'X', rating: 5, gameId: 424242 }, 'The game of this review does not exist.'],
  ])('refuses %j', async (body, message) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/reviews', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message })
  })

  it('updates and deletes', async () => {
    const cookie = await adminCookie()
    const r = await createReview()
    expect(
      (await send('PUT', `/api/reviews/${r.id}`, { cookie, body: { title: 'T2', rating: 9 } })).body,
    ).toMatchObject({ title: 'T2', rating: '9.0' })
    expect((await send('DELETE', `/api/reviews/${r.id}`, { cookie })).status).toBe(200)
    expect((await send('GET', `/api/reviews/${r.id}`)).status).toBe(404)
  })
})
