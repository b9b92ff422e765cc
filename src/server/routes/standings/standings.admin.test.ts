import { beforeEach, describe, expect, it } from 'vitest'
import { createStandings } from '../../demo/factories.ts'
import { saveGeneratedStandings } from '../../repos/standings.repo.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

/** The admin's list: rows carry the owner's edit marks (the public list does not). */
const list = async () =>
  (await send('GET', '/api/admin/championships-standings', { cookie: await adminCookie() })).body as {
    id: number
    displayOrder: number
    standings: { driverName: string; team: string; points: number; position: number; edited: boolean }[]
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
    expect(rows[2]).toEqual({ position: 3, driverName: 'Lando', team: 'McLaren', points: 250, edited: true })
    expect(rows[0]).toMatchObject({ driverName: 'Max', points: 300.5, edited: true })
    expect(rows[1]!.edited).toBe(false)
    const publicRows = (await send('GET', '/api/championships-standings')).body[0].standings
    expect(publicRows[2]).toEqual({ position: 3, driverName: 'Lando', team: 'McLaren', points: 250 })
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

  it('a refresh keeps the rows the owner edited; released, the AI may overwrite them again', async () => {
    const cookie = await adminCookie()
    const id = await createStandings({ championshipName: 'Formula 1' }, 3)
    const before = (await list())[0]!.standings
    const edit = { driverData: { driverName: 'Owner Fix', team: 'Owner Team', points: 999 } }
    expect((await send('PUT', `/api/championships-standings/${id}/driver/1`, { cookie, body: edit })).status).toBe(200)

    const fresh = (points: number) => ({
      championshipName: 'formula 1',
      season: '2026',
      completedRounds: 2,
      totalRounds: 20,
      standings: [1, 2, 3].map((position) => ({
        position,
        driverName: `AI ${position}`,
        team: 'AI',
        points: points - position,
      })),
    })
    await saveGeneratedStandings(fresh(100))
    const kept = (await list())[0]!.standings
    expect(kept.map((r) => [r.driverName, r.points, r.edited])).toEqual([
      ['AI 1', 99, false],
      ['Owner Fix', 999, true],
      ['AI 3', 97, false],
    ])
    expect(kept[0]!.driverName).not.toBe(before[0]!.driverName)

    const release = await send('DELETE', `/api/championships-standings/${id}/driver/1/edit`, { cookie })
    expect(release.status).toBe(200)
    expect((await list())[0]!.standings[1]).toMatchObject({ driverName: 'Owner Fix', edited: false })
    await saveGeneratedStandings(fresh(50))
    expect((await list())[0]!.standings.map((r) => [r.driverName, r.edited])).toEqual([
      ['AI 1', false],
      ['AI 2', false],
      ['AI 3', false],
    ])
    expect((await send('DELETE', `/api/championships-standings/${id}/driver/7/edit`, { cookie })).status).toBe(404)
    expect((await send('DELETE', `/api/championships-standings/${id}/driver/1/edit`)).status).toBe(401)
  })

  it('deletes a record', async () => {
    const cookie = await adminCookie()
    const id = await createStandings()
    expect((await send('DELETE', `/api/championships-standings/${id}`, { cookie })).status).toBe(200)
    expect(await list()).toEqual([])
    expect((await send('DELETE', `/api/championships-standings/${id}`, { cookie })).status).toBe(404)
  })
})
