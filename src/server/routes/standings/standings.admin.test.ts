import { beforeEach, describe, expect, it } from 'vitest'
import { createStandings } from '../../../../tests/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

const list = async () =>
  (await send('GET', '/api/championships-standings')).body as {
    id: number
    displayOrder: number
    standings: { driverName: string; team: string; points: number; position: number }[]
  }[]

describe('AI standings records', () => {
  it('edits one driver row, in the inline-edit shape and flat', async () => {
    const cookie = await adminCookie()
    const id = await createStandings({}, 5)
    const res = await send('PUT', `/api/championships-standings/${id}/driver/2`, {
      cookie,
      body: { championshipId: id, driverIndex: 2, driverData: { driverName: 'Lando', team: 'McLaren', points: '250' } },
    })
    expect(res.status).toBe(200)
    const flat = await send('PUT', `/api/championships-standings/${id}/driver/0`, {
      cookie,
      body: { driverName: 'Max', team: 'RB', points: 300.5 },
    })
    expect(flat.status).toBe(200)
    const rows = (await list())[0]!.standings
    expect(rows[2]).toEqual({ position: 3, driverName: 'Lando', team: 'McLaren', points: 250 })
    expect(rows[0]).toMatchObject({ driverName: 'Max', points: 300.5 })
  })

  it('refuses unknown rows and bad driver data', async () => {
    const cookie = await adminCookie()
    const id = await createStandings({}, 3)
    const body = { driverData: { driverName: 'X', team: '', points: 1 } }
    expect((await send('PUT', `/api/championships-standings/${id}/driver/3`, { cookie, body })).status).toBe(404)
    expect((await send('PUT', `/api/championships-standings/9999/driver/0`, { cookie, body })).status).toBe(404)
    expect((await send('PUT', `/api/championships-standings/${id}/driver/-1`, { cookie, body })).status).toBe(400)
    const blank = await send('PUT', `/api/championships-standings/${id}/driver/0`, {
      cookie,
      body: { driverData: { driverName: '', points: 1 } },
    })
    expect(blank.body).toEqual({ message: 'Please fill in the driver name.' })
  })

  it('reorders in one transaction with 1-based displayOrder; an unknown id changes nothing', async () => {
    const cookie = await adminCookie()
    const a = await createStandings()
    const b = await createStandings()
    const c = await createStandings()
    const ok = await send('POST', '/api/championships-standings/reorder', {
      cookie,
      body: {
        updates: [
          { id: c, displayOrder: 1 },
          { id: a, displayOrder: 2 },
          { id: b, displayOrder: 3 },
        ],
      },
    })
    expect(ok.status).toBe(200)
    expect((await list()).map((s) => s.id)).toEqual([c, a, b])
    const bad = await send('POST', '/api/championships-standings/reorder', {
      cookie,
      body: {
        updates: [
          { id: a, displayOrder: 1 },
          { id: 4242, displayOrder: 2 },
        ],
      },
    })
    expect(bad.status).toBe(404)
    expect((await list()).map((s) => s.id)).toEqual([c, a, b])
    for (const body of [
      { updates: [] },
      { updates: [{ id: a, displayOrder: 0 }] },
      {
        updates: [
          { id: a, displayOrder: 1 },
          { id: a, displayOrder: 2 },
        ],
      },
      {},
    ]) {
      const res = await send('POST', '/api/championships-standings/reorder', { cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('deletes a record', async () => {
    const cookie = await adminCookie()
    const id = await createStandings()
    expect((await send('DELETE', `/api/championships-standings/${id}`, { cookie })).status).toBe(200)
    expect(await list()).toEqual([])
    expect((await send('DELETE', `/api/championships-standings/${id}`, { cookie })).status).toBe(404)
  })
})
