import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAccessory, createGame } from '../../demo/factories.ts'
import { everyNameLocal, fakeNameService, noNetwork } from '../../../../fakes/name-service.ts'
import { startFakeShop, type FakeShop } from '../../../../fakes/shop-server.ts'
import { LINK_CHECK_UNREACHED } from '../../../lib/audience/link-check.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { testPlatform, type TestPlatform } from '../../../../tests/helpers/platform.ts'
import { db } from '../../db/client.ts'
import { accessories, games } from '../../db/schema.ts'
import { externalConfigFromEnv, withExternalOverrides } from '../../external/config.ts'
import { runJob } from '../../jobs/jobs.ts'
import type { Platform } from '../../platform.ts'
import { listSchedulerRuns } from '../../repos/scheduler-runs.repo.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'

let shop: FakeShop
let platform: TestPlatform
let send: Send
/** Jobs started through the launcher, run in-process; `launched` holds them until awaited. */
let launched: Promise<unknown>[] = []
let runJobs = true

beforeAll(async () => {
  shop = await startFakeShop()
  const external = withExternalOverrides(externalConfigFromEnv(), {
    linkCheck: { allowLoopback: true, timeoutMs: 1500 },
  })
  const launchJob = async (p: Platform, id: number) => {
    if (runJobs) launched.push(runJob(p, id))
  }
  ;({ platform, send } = appWith({ external, launchJob }))
})
afterAll(async () => shop.close())
beforeEach(async () => {
  await resetDatabase()
  launched = []
  runJobs = true
})

const jobsDone = async () => {
  while (launched.length) await Promise.all(launched.splice(0))
}

async function givenLinks() {
  const wheel = await createAccessory({ name: 'Wheel', purchaseUrl: `${shop.origin}/product/wheel` })
  const pedals = await createAccessory({ name: 'Pedals', purchaseUrl: `${shop.origin}/missing` })
  const game = await createGame({ title: 'Moved Game', websiteUrl: `${shop.origin}/elsewhere` })
  const noSite = await createGame({ title: 'No Site', websiteUrl: null })
  return { wheel, pedals, game, noSite }
}

describe("'Check links now' and the link health list", () => {
  it('checks every purchase link and website, lists broken first, and never changes the items', async () => {
    const { wheel, pedals, game } = await givenLinks()
    const cookie = await adminCookie()
    const before = { hardware: await db().select().from(accessories), games: await db().select().from(games) }

    const started = await send('POST', '/api/admin/link-health/checks', { cookie })
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ started: true, job: { kind: 'link-check', total: 3 } })
    await jobsDone()

    const health = await send('GET', '/api/admin/link-health', { cookie })
    expect(health.status).toBe(200)
    expect(health.body.running).toBeNull()
    expect(health.body.lastCheck).toMatchObject({ status: 'completed', total: 3 })
    expect(
      health.body.links.map((l: { name: string; status: string; httpStatus: number | null }) => [
        l.name,
        l.status,
        l.httpStatus,
      ]),
    ).toEqual([
      ['Pedals', 'broken', 404],
      ['Moved Game', 'redirected', 200],
      ['Wheel', 'working', 200],
    ])
    expect(health.body.links[0]).toMatchObject({ kind: 'hardware', id: pedals.id, error: 'The address answered 404.' })
    expect(health.body.links[1]).toMatchObject({
      kind: 'game',
      id: game.id,
      finalUrl: expect.stringContaining('localhost'),
    })
    expect(wheel.id).toBeGreaterThan(0)

    expect(await db().select().from(accessories)).toEqual(before.hardware)
    expect(await db().select().from(games)).toEqual(before.games)
  })

  it("a result for an address the owner has since changed is not shown; a deleted item's result goes at the next check", async () => {
    const { pedals, wheel } = await givenLinks()
    const cookie = await adminCookie()
    await send('POST', '/api/admin/link-health/checks', { cookie })
    await jobsDone()
    await send('PUT', `/api/accessories/${pedals.id}`, {
      cookie,
      body: { name: 'Pedals', purchaseUrl: `${shop.origin}/product/pedals` },
    })
    await send('DELETE', `/api/accessories/${wheel.id}`, { cookie })
    const links = (await send('GET', '/api/admin/link-health', { cookie })).body.links
    expect(links.map((l: { name: string }) => l.name)).toEqual(['Moved Game'])
    await send('POST', '/api/admin/link-health/checks', { cookie })
    await jobsDone()
    const after = (await send('GET', '/api/admin/link-health', { cookie })).body.links
    expect(after.map((l: { name: string; status: string }) => [l.name, l.status])).toEqual([
      ['Moved Game', 'redirected'],
      ['Pedals', 'working'],
    ])
  })

  it('a second click while a check runs answers the running one', async () => {
    await givenLinks()
    runJobs = false
    const cookie = await adminCookie()
    const first = await send('POST', '/api/admin/link-health/checks', { cookie })
    const second = await send('POST', '/api/admin/link-health/checks', { cookie })
    expect(second.status).toBe(202)
    expect(second.body).toMatchObject({ started: false, job: { id: first.body.job.id } })
    expect((await send('GET', '/api/admin/link-health', { cookie })).body.running).toMatchObject({
      id: first.body.job.id,
    })
  })

  it('is the owner’s only', async () => {
    expect((await send('GET', '/api/admin/link-health')).status).toBe(401)
    expect((await send('POST', '/api/admin/link-health/checks')).status).toBe(401)
  })
})

describe('a check that reaches no host (issue 45)', () => {
  /** The site with this name service in place of the machine's (the fake shop answers every name it gives). */
  const siteWith = (resolve: typeof noNetwork) =>
    appWith({
      external: withExternalOverrides(externalConfigFromEnv(), {
        linkCheck: { allowLoopback: true, timeoutMs: 1500, resolve },
      }),
      launchJob: async (p, id) => void launched.push(runJob(p, id)),
    }).send
  /** The fake shop under a name of its own. */
  const named = (name: string, path: string) => `${shop.origin.replace('127.0.0.1', name)}${path}`
  type Row = { name: string; status: string; httpStatus: number | null; error: string | null; checkedAt: string }
  const rows = (links: Row[]) => links.map((l) => [l.name, l.status, l.httpStatus, l.error, l.checkedAt])

  it('says it could not check, and every link keeps its last status', async () => {
    await createAccessory({ name: 'Wheel', purchaseUrl: named('wheels.example', '/product/wheel') })
    await createAccessory({ name: 'Pedals', purchaseUrl: named('pedals.example', '/missing') })
    await createGame({ title: 'Moved Game', websiteUrl: named('game.example', '/elsewhere') })
    const cookie = await adminCookie()
    const online = siteWith(everyNameLocal)
    await online('POST', '/api/admin/link-health/checks', { cookie })
    await jobsDone()
    const before = (await online('GET', '/api/admin/link-health', { cookie })).body
    expect(rows(before.links).map((r) => r.slice(0, 2))).toEqual([
      ['Pedals', 'broken'],
      ['Moved Game', 'redirected'],
      ['Wheel', 'working'],
    ])

    // The machine loses its network: no name resolves.
    const offline = siteWith(noNetwork)
    const started = await offline('POST', '/api/admin/link-health/checks', { cookie })
    expect(started.body).toMatchObject({ started: true, job: { total: 3 } })
    await jobsDone()
    const after = (await offline('GET', '/api/admin/link-health', { cookie })).body
    expect(after.lastCheck).toMatchObject({ status: 'failed', total: 3, problem: LINK_CHECK_UNREACHED })
    expect(rows(after.links)).toEqual(rows(before.links))
    const job = (await offline('GET', `/api/admin/jobs/${started.body.job.id}`, { cookie })).body
    expect(job).toMatchObject({ status: 'failed', errors: [LINK_CHECK_UNREACHED] })
  })

  it('is recorded so in the Scheduler tab when the weekly check runs offline', async () => {
    await createAccessory({ name: 'Wheel', purchaseUrl: named('wheels.example', '/product/wheel') })
    await createAccessory({ name: 'Wheel Base', purchaseUrl: 'https://wheel-base.example/' })
    const { platform: offline } = appWith({
      external: withExternalOverrides(externalConfigFromEnv(), {
        linkCheck: { allowLoopback: true, timeoutMs: 1500, resolve: noNetwork },
      }),
      launchJob: async (p, id) => void launched.push(runJob(p, id)),
    })
    await runSchedulerTick(offline, new Date('2026-11-23T03:00:30Z'))
    await jobsDone()
    const runs = (await listSchedulerRuns()).filter((r) => r.kind === 'links')
    expect(runs).toEqual([expect.objectContaining({ status: 'failed', message: LINK_CHECK_UNREACHED })])
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/link-health', { cookie })).body.links).toEqual([])
  })

  it('while other shops answer, a name that does not resolve is broken (DNS)', async () => {
    await createAccessory({ name: 'Wheel', purchaseUrl: named('wheels.example', '/product/wheel') })
    await createAccessory({ name: 'Gone Shop', purchaseUrl: named('gone.example', '/product/gone') })
    const cookie = await adminCookie()
    const site = siteWith(fakeNameService((host) => (host === 'gone.example' ? { code: 'ENOTFOUND' } : '127.0.0.1')))
    await site('POST', '/api/admin/link-health/checks', { cookie })
    await jobsDone()
    const health = (await site('GET', '/api/admin/link-health', { cookie })).body
    expect(health.lastCheck).toMatchObject({ status: 'completed', problem: null })
    expect(health.links.map((l: Row) => [l.name, l.status, l.error])).toEqual([
      ['Gone Shop', 'broken', 'The host name does not exist (DNS).'],
      ['Wheel', 'working', null],
    ])
  })
})

describe('the weekly link check', () => {
  it('starts once on Monday at 03:00 UTC, whatever the schedule switches say, and is listed in the Scheduler tab', async () => {
    await givenLinks()
    // 2026-11-23 is a Monday.
    expect((await runSchedulerTick(platform, new Date('2026-11-23T02:59:00Z'))).linkCheck).toBeUndefined()
    const report = await runSchedulerTick(platform, new Date('2026-11-23T03:00:30Z'))
    expect(report.linkCheck).toMatchObject({ kind: 'links', slotKey: 'links:2026-11-23T03:00Z' })
    await runSchedulerTick(platform, new Date('2026-11-23T03:01:00Z'))
    await jobsDone()
    const runs = (await listSchedulerRuns()).filter((r) => r.kind === 'links')
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ status: 'completed', message: 'Checked 3 links: 1 broken' })
    expect(runs[0]!.nextRunAt).toEqual(new Date('2026-11-30T03:00:00Z'))
  })

  it('on a test site (local shops only) checks the fake shop and leaves every other link unchecked', async () => {
    const external = withExternalOverrides(externalConfigFromEnv(), {
      linkCheck: { allowLoopback: true, loopbackOnly: true, timeoutMs: 1500 },
    })
    const { send: sendTestSite } = appWith({ external, launchJob: async (p, id) => void launched.push(runJob(p, id)) })
    await givenLinks()
    await createAccessory({ name: 'Real shop', purchaseUrl: 'https://shop.example/wheel' })
    const cookie = await adminCookie()
    const started = await sendTestSite('POST', '/api/admin/link-health/checks', { cookie })
    expect(started.body.job.total).toBe(3)
    await jobsDone()
    const links = (await sendTestSite('GET', '/api/admin/link-health', { cookie })).body.links
    expect(links.map((l: { name: string }) => l.name).sort()).toEqual(['Moved Game', 'Pedals', 'Wheel'])
  })

  it('reaches nothing on the machine itself without the test-only allowance', async () => {
    const production = testPlatform({ launchJob: async (p, id) => void launched.push(runJob(p, id)) })
    expect(production.external.linkCheck.allowLoopback).toBe(false)
    const { send: sendProduction } = appWith({ launchJob: production.launchJob })
    await givenLinks()
    const cookie = await adminCookie()
    const asked = shop.requests().length
    await sendProduction('POST', '/api/admin/link-health/checks', { cookie })
    await jobsDone()
    const links = (await sendProduction('GET', '/api/admin/link-health', { cookie })).body.links
    expect(
      links.every(
        (l: { status: string; error: string }) =>
          l.status === 'broken' && l.error === 'The address is not on the public internet.',
      ),
    ).toBe(true)
    expect(links).toHaveLength(3)
    expect(shop.requests().length).toBe(asked)
  })
})
