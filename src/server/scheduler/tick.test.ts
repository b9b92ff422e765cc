import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startAiHarness, type AiHarness } from '../../../tests/helpers/ai.ts'
import { appWith, type Send } from '../../../tests/helpers/app.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { testPlatform, type TestPlatform } from '../../../tests/helpers/platform.ts'
import { withAiOverrides } from '../ai/config.ts'
import { db } from '../db/client.ts'
import { newsArticles, schedulerJobs } from '../db/schema.ts'
import { saveSchedulerConfig } from '../repos/scheduler.repo.ts'
import { setSetting, TIME_ZONE_KEY } from '../repos/site-settings.repo.ts'
import { listSchedulerRuns } from '../repos/scheduler-runs.repo.ts'
import { runSchedulerTick } from './tick.ts'

let ai: AiHarness
let platform: TestPlatform
let send: Send
beforeAll(async () => {
  ai = await startAiHarness({ runJobs: false })
  ;({ platform, send } = appWith(ai.platform))
})
afterAll(async () => ai.close())
beforeEach(async () => {
  await resetDatabase()
  ai.fake.reset()
})

const at = (iso: string) => new Date(iso)
const slots = async () => (await listSchedulerRuns()).map((r) => r.slotKey).sort()
/** Ticks every 30 s from `from` for `minutes` minutes, like overlapping scheduled invocations would. */
async function tickEvery30s(from: string, minutes: number) {
  for (let s = 0; s < minutes * 60; s += 30) await runSchedulerTick(platform, new Date(at(from).getTime() + s * 1000))
}

describe('runSchedulerTick with a controlled clock (UTC)', () => {
  it('weekly Monday 06:00 fires once in that minute and not again; last and next run recorded', async () => {
    await saveSchedulerConfig({
      enabled: true,
      standings: { enabled: true, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 },
      news: { enabled: false },
    })
    // 2026-11-23 is a Monday.
    await runSchedulerTick(platform, at('2026-11-23T05:59:30Z'))
    expect(await slots()).toEqual([])
    await tickEvery30s('2026-11-23T06:00:00Z', 15)
    await runSchedulerTick(platform, at('2026-11-24T06:00:00Z'))
    expect(await slots()).toEqual(['standings:2026-11-23T06:00Z'])

    const [run] = await listSchedulerRuns()
    expect(run).toMatchObject({
      kind: 'standings',
      testMode: false,
      status: 'running',
      startedAt: at('2026-11-23T06:00:00Z'),
      nextRunAt: at('2026-11-30T06:00:00Z'),
    })
    expect(run!.jobId).toEqual(expect.any(Number))
    const [job] = await db().select().from(schedulerJobs).where(eq(schedulerJobs.kind, 'standings'))
    expect(job).toMatchObject({ lastRunAt: at('2026-11-23T06:00:00Z'), nextRunAt: at('2026-11-30T06:00:00Z') })

    await runSchedulerTick(platform, at('2026-11-30T06:00:00Z'))
    expect(await slots()).toEqual(['standings:2026-11-23T06:00Z', 'standings:2026-11-30T06:00Z'])
  })

  it('daily fires once a day; a late tick within the catch-up window still runs the slot', async () => {
    await saveSchedulerConfig({
      enabled: true,
      championships: ['MotoGP'],
      news: { enabled: true, frequency: 'daily', hour: 23, minute: 45 },
    })
    await tickEvery30s('2026-11-23T23:44:00Z', 5)
    await runSchedulerTick(platform, at('2026-11-24T23:52:00Z'))
    await runSchedulerTick(platform, at('2026-11-24T23:53:00Z'))
    expect(await slots()).toEqual(['news:2026-11-23T23:45Z', 'news:2026-11-24T23:45Z'])
  })

  it('generateNews and refreshStandings switched off keep their kind from running, test mode included', async () => {
    await saveSchedulerConfig({
      enabled: true,
      generateNews: false,
      standings: { enabled: true, frequency: 'daily', hour: 6, minute: 0 },
      news: { enabled: true, frequency: 'daily', hour: 6, minute: 0 },
    })
    await runSchedulerTick(platform, at('2026-11-23T06:00:00Z'))
    expect(await slots()).toEqual(['standings:2026-11-23T06:00Z'])
    const [news] = await db().select().from(schedulerJobs).where(eq(schedulerJobs.kind, 'news'))
    expect(news?.nextRunAt ?? null).toBeNull()

    await saveSchedulerConfig({ generateNews: true, refreshStandings: false, testMode: true })
    await runSchedulerTick(platform, at('2026-11-23T10:00:00Z'))
    expect(await slots()).toEqual(['standings:2026-11-23T06:00Z', 'test-news:2026-11-23T10:00Z'])
  })

  it("with the site's time zone set, a job's hour is on that clock, summer and winter (issue 36)", async () => {
    await setSetting(TIME_ZONE_KEY, 'Europe/Berlin')
    await saveSchedulerConfig({
      enabled: true,
      standings: { enabled: true, frequency: 'daily', hour: 6, minute: 0 },
      news: { enabled: false },
    })
    // 06:00 in Berlin: 05:00 UTC in winter (CET), 04:00 UTC in summer (CEST); not at 06:00 UTC.
    await runSchedulerTick(platform, at('2026-11-23T06:00:00Z'))
    expect(await slots()).toEqual([])
    await runSchedulerTick(platform, at('2026-11-24T05:00:00Z'))
    await runSchedulerTick(platform, at('2026-07-01T04:00:00Z'))
    expect(await slots()).toEqual(['standings:2026-07-01T04:00Z', 'standings:2026-11-24T05:00Z'])
    const [job] = await db().select().from(schedulerJobs).where(eq(schedulerJobs.kind, 'standings'))
    expect(job?.nextRunAt).toEqual(at('2026-07-02T04:00:00Z'))
  })

  it('does nothing when the scheduler is off', async () => {
    await saveSchedulerConfig({ enabled: false, standings: { enabled: true, frequency: 'daily', hour: 6, minute: 0 } })
    await runSchedulerTick(platform, at('2026-11-23T06:00:00Z'))
    expect(await slots()).toEqual([])
  })

  it('test mode runs news and standings for Formula 1 and IndyCar Series every 2 minutes', async () => {
    await saveSchedulerConfig({ enabled: true, testMode: true, championships: ['WEC'] })
    await tickEvery30s('2026-11-23T10:00:00Z', 6)
    expect(await slots()).toEqual([
      'test-news:2026-11-23T10:00Z',
      'test-news:2026-11-23T10:02Z',
      'test-news:2026-11-23T10:04Z',
      'test-standings:2026-11-23T10:00Z',
      'test-standings:2026-11-23T10:02Z',
      'test-standings:2026-11-23T10:04Z',
    ])
    const { getJob } = await import('../repos/jobs.repo.ts')
    const run = (await listSchedulerRuns()).find((r) => r.slotKey === 'test-news:2026-11-23T10:00Z')!
    const job = await getJob(run.jobId!)
    expect(job!.input).toMatchObject({
      tasks: [
        { kind: 'news', championship: 'Formula 1' },
        { kind: 'news', championship: 'IndyCar Series' },
      ],
    })
    expect(run.nextRunAt).toEqual(at('2026-11-23T10:02:00Z'))
  })

  it('never runs a slot twice when ticks overlap', async () => {
    await saveSchedulerConfig({
      enabled: true,
      standings: { enabled: true, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 },
      news: { enabled: true, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 },
    })
    const reports = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        runSchedulerTick(platform, new Date(at('2026-11-23T06:00:00Z').getTime() + i * 100)),
      ),
    )
    expect(await slots()).toEqual(['news:2026-11-23T06:00Z', 'standings:2026-11-23T06:00Z'])
    expect(reports.flatMap((r) => r.started)).toHaveLength(2)
    const { listJobs } = await import('../repos/jobs.repo.ts')
    expect(await listJobs()).toHaveLength(2)
  })

  it('records a run that cannot start (no key) as failed with the reason', async () => {
    const noKey = testPlatform({
      ...ai.platform,
      ai: withAiOverrides(ai.platform.ai, { perplexity: { apiKey: undefined } }),
    })
    await saveSchedulerConfig({ enabled: true, testMode: true })
    await runSchedulerTick(noKey, at('2026-11-23T10:00:00Z'))
    const runs = await listSchedulerRuns()
    expect(runs).toHaveLength(2)
    expect(runs.every((r) => r.status === 'failed' && r.finishedAt !== null)).toBe(true)
    expect(runs[0]!.message).toContain('set PERPLEXITY_API_KEY')
  })

  it('a run ends with its job: end time, outcome and summary; run history through the API', async () => {
    await saveSchedulerConfig({ enabled: true, testMode: true })
    const report = await runSchedulerTick(platform, at('2026-11-23T10:00:00Z'))
    const { runJob } = await import('../jobs/jobs.ts')
    for (const s of report.started) await runJob(platform, s.jobId!)
    const runs = await listSchedulerRuns()
    expect(runs.map((r) => [r.status, r.message])).toEqual([
      ['completed', '2 done, 0 failed'],
      ['completed', '2 done, 0 failed'],
    ])
    expect(await db().select().from(newsArticles)).toHaveLength(2)

    const cookie = await adminCookie()
    const history = (await send('GET', '/api/admin/scheduler/runs', { cookie })).body
    expect(history.runs).toHaveLength(2)
    expect(history.runs[0]).toMatchObject({ status: 'completed', finishedAt: expect.any(String) })
  })

  it('test mode obeys the master switch: switched off, no test run starts', async () => {
    await saveSchedulerConfig({ enabled: false, testMode: true })
    await tickEvery30s('2026-11-23T10:00:00Z', 6)
    expect(await slots()).toEqual([])
  })

  it('test mode never runs more often than every 2 minutes, and a shorter interval is refused', async () => {
    const cookie = await adminCookie()
    const refused = await send('POST', '/api/admin/scheduler/config', { cookie, body: { testIntervalMinutes: 1 } })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ message: 'The test interval must be between 2 and 1440.' })
    // A row written before the rule (or by hand) still runs every 2 minutes at most.
    await saveSchedulerConfig({ enabled: true, testMode: true })
    await db().execute(sql`update scheduler_settings set test_interval_minutes = 1`)
    await tickEvery30s('2026-11-23T10:00:00Z', 8)
    expect((await slots()).filter((key) => key.startsWith('test-news'))).toEqual([
      'test-news:2026-11-23T10:00Z',
      'test-news:2026-11-23T10:02Z',
      'test-news:2026-11-23T10:04Z',
      'test-news:2026-11-23T10:06Z',
    ])
  })

  it('five quick clicks of Run Test Now start one run of each kind; the others hear why', async () => {
    const cookie = await adminCookie()
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', '/api/admin/scheduler/test-now', { cookie, body: {} })),
    )
    expect(clicks.map((r) => r.status).sort()).toEqual([202, 429, 429, 429, 429])
    expect(clicks.find((r) => r.status === 429)?.body).toEqual({
      message: 'A test run is already in progress. Try again in a minute.',
    })
    expect((await listSchedulerRuns()).map((r) => r.slotKey.split(':')[0]).sort()).toEqual([
      'manual-news',
      'manual-standings',
    ])
  })

  it('test-now starts test-mode work at once', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/scheduler/test-now', { cookie, body: {} })
    expect(res.status).toBe(202)
    expect(res.body.jobs.map((j: { total: number }) => j.total)).toEqual([2, 2])
    expect((await listSchedulerRuns()).map((r) => r.slotKey.split(':')[0]).sort()).toEqual([
      'manual-news',
      'manual-standings',
    ])
  })
})

describe('the tick relaunches jobs that were never launched or whose runner died', () => {
  it('launches a queued job after 2 minutes and a stalled running one after 5, then they finish', async () => {
    const { createJob, claimJob, getJob } = await import('../repos/jobs.repo.ts')
    const { runJob } = await import('../jobs/jobs.ts')
    const task = { kind: 'news' as const, championship: 'WRC' }
    const lost = await createJob('bulk-news', { tasks: [task], feature: 'bulk-news' })
    const dead = await createJob('bulk-news', { tasks: [{ ...task, championship: 'WEC' }], feature: 'bulk-news' })
    await claimJob(dead.id)
    const fresh = await createJob('bulk-news', { tasks: [{ ...task, championship: 'IMSA' }], feature: 'bulk-news' })
    await db().execute(`update jobs set updated_at = now() - interval '3 minutes' where id = ${lost.id}`)
    await db().execute(`update jobs set updated_at = now() - interval '6 minutes' where id = ${dead.id}`)

    const launched: Promise<unknown>[] = []
    const inProcess = testPlatform({ ...ai.platform, launchJob: async (p, id) => void launched.push(runJob(p, id)) })
    const report = await runSchedulerTick(inProcess, new Date())
    expect(report.relaunched).toEqual([lost.id, dead.id])
    await Promise.all(launched)
    expect((await getJob(lost.id))!.status).toBe('completed')
    expect((await getJob(dead.id))!.status).toBe('completed')
    expect((await getJob(fresh.id))!.status).toBe('queued')
  })
})
