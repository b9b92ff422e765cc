import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('individual championship results', () => {
  it('creates with championshipType esports by default, updates and deletes', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/championships', {
      cookie,
      body: { name: 'Max', team: 'RB', points: '120', position: 1, lastLap: '1:32.100' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Max',
      points: 120,
      position: 1,
      championshipType: 'esports',
      lastLap: '1:32.100',
      status: null,
    })
    const upd = await send('PUT', `/api/championships/${res.body.id}`, { cookie, body: { name: 'Max V', position: 2 } })
    expect(upd.body).toMatchObject({ name: 'Max V', position: 2, points: 120 })
    expect((await send('DELETE', `/api/championships/${res.body.id}`, { cookie })).status).toBe(200)
  })

  it.each([
    [{ position: 1 }, 'Please fill in the driver name and position.'],
    [{ name: 'X' }, 'Please fill in the driver name and position.'],
    [{ name: 'X', position: 0 }, 'The position must be between 1 and 10000.'],
    [{ name: 'X', position: 1, points: 1.5 }, 'Points must be a whole number.'],
  ])('refuses %j', async (body, message) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/championships', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message })
  })
})
