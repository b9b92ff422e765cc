import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('/api/admin/scheduler', () => {
  it('estimates what test mode would spend from the price table', async () => {
    const cookie = await adminCookie()
    const res = await send('GET', '/api/admin/scheduler/test-mode-estimate', { cookie })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      callsPerRun: 4,
      intervalMinutes: 2,
      callsPerHour: 120,
      callsPerDay: 2880,
      championships: ['Formula 1', 'IndyCar Series'],
    })
    expect(res.body.costPerDay).toBeCloseTo(res.body.costPerHour * 24, 6)
    expect(res.body.worstCostPerDay).toBeGreaterThan(res.body.costPerDay)
    expect((await send('GET', '/api/admin/scheduler/test-mode-estimate')).status).toBe(401)
  })

  it('answers {config} and the bare config, and stores a new schedule', async () => {
    const cookie = await adminCookie()
    const initial = await send('GET', '/api/admin/scheduler/config', { cookie })
    expect(initial.body.config).toMatchObject({
      enabled: false,
      championships: ['Formula 1', 'IndyCar Series'],
      standings: { enabled: false, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 },
    })
    expect((await send('GET', '/api/admin/scheduler/separate-config', { cookie })).body).toEqual(initial.body.config)
    const res = await send('POST', '/api/admin/scheduler/config', {
      cookie,
      body: {
        enabled: true,
        standings: { enabled: true, frequency: 'daily', dayOfWeek: 3, hour: 23, minute: 45 },
        news: { enabled: true, frequency: 'weekly', dayOfWeek: 0, hour: 0, minute: 15 },
        championships: ['MotoGP'],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.config).toMatchObject({
      enabled: true,
      championships: ['MotoGP'],
      standings: { frequency: 'daily', dayOfWeek: -1, hour: 23, minute: 45 },
      news: { frequency: 'weekly', dayOfWeek: 0, minute: 15 },
    })
    // Test mode uses the same call with a partial body.
    expect(
      (await send('POST', '/api/admin/scheduler/config', { cookie, body: { testMode: true } })).body.config,
    ).toMatchObject({ testMode: true, enabled: true })
  })

  it("takes any minute for the digest (issue 45), spec 001's quarter hours for the other jobs", async () => {
    const cookie = await adminCookie()
    const saved = await send('POST', '/api/admin/scheduler/config', {
      cookie,
      body: { digest: { enabled: true, frequency: 'daily', hour: 9, minute: 7 } },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.config.digest).toMatchObject({ hour: 9, minute: 7 })
    for (const body of [{ digest: { minute: 60 } }, { digest: { minute: 7.5 } }, { news: { minute: 7 } }]) {
      const res = await send('POST', '/api/admin/scheduler/config', { cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await send('GET', '/api/admin/scheduler/config', { cookie })).body.config.digest).toMatchObject({
      minute: 7,
    })
  })

  it.each([
    { standings: { minute: 10 } },
    { news: { hour: 24 } },
    { standings: { frequency: 'hourly' } },
    { championships: 'F1' },
  ])('refuses %j', async (body) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/scheduler/config', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body.message).toBeTruthy()
  })
})
