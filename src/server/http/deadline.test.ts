import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

/** A save the panel gave up on (and told the owner failed) is never applied when it arrives later. */
describe('X-Request-Deadline', () => {
  it('refuses a write that arrives after its deadline with 408, and saves nothing', async () => {
    const cookie = await adminCookie()
    const late = await send('POST', '/api/admin/games', {
      cookie,
      body: { title: 'Saved while offline' },
      headers: { 'x-request-deadline': String(Date.now() - 60_000) },
    })
    expect(late.status).toBe(408)
    expect(late.body).toEqual({ message: 'This change arrived too late and was not saved. Please try again.' })
    const games = (await send('GET', '/api/games')).body as { title: string }[]
    expect(games.map((g) => g.title)).not.toContain('Saved while offline')
  })

  it('applies a write that arrives in time, and refuses a deadline that is not a time', async () => {
    const cookie = await adminCookie()
    const inTime = await send('POST', '/api/admin/games', {
      cookie,
      body: { title: 'Saved in time' },
      headers: { 'x-request-deadline': String(Date.now() + 15_000) },
    })
    expect(inTime.status).toBe(201)
    const bad = await send('POST', '/api/admin/games', {
      cookie,
      body: { title: 'Odd deadline' },
      headers: { 'x-request-deadline': 'soon' },
    })
    expect(bad.status).toBe(400)
  })
})
