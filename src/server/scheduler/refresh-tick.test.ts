import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { appWith, type Send } from '../../../tests/helpers/app.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { testPlatform, type TestPlatform } from '../../../tests/helpers/platform.ts'
import { startRefreshHarness, type RefreshHarness } from '../../../tests/helpers/refresh.ts'
import { createGame, createStream } from '../demo/factories.ts'
import { withExternalOverrides } from '../external/config.ts'
import { runJob } from '../jobs/jobs.ts'
import { getGame } from '../repos/games.repo.ts'
import { getSchedulerConfig, saveSchedulerConfig } from '../repos/scheduler.repo.ts'
import { listSchedulerRuns } from '../repos/scheduler-runs.repo.ts'
import { getStream } from '../repos/streams.repo.ts'
import { runSchedulerTick } from './tick.ts'

let h: RefreshHarness
let platform: TestPlatform
let send: Send
beforeAll(async () => {
  // Jobs stay queued; the test runs the ones the tick started.
  h = await startRefreshHarness({ runJobs: false })
  ;({ platform, send } = appWith(h.platform))
})
afterAll(async () => h.close())
beforeEach(async () => {
  await resetDatabase()
  h.reset()
})

const at = (iso: string) => new Date(iso)
const slots = async () => (await listSchedulerRuns()).map((r) => r.slotKey).sort()

describe('the scheduler starts the stream and game refreshes when due', () => {
  it('daily stream refresh and weekly game refresh each run once in their slot; the jobs refresh the items', async () => {
    h.fake.setTwitchChannel('scheduledlive', { live: true, viewers: 88 })
    h.fake.setSteamApp(42, { name: 'Scheduled', price: '$4.20' })
    const stream = await createStream({ streamUrl: 'https://www.twitch.tv/scheduledlive', platformTexts: true })
    // A blank price: the store fills it (the owner's own would be kept, src/lib/game-store.ts).
    const game = await createGame({ price: '', steamUrl: 'https://store.steampowered.com/app/42/' })
    await saveSchedulerConfig({
      enabled: true,
      streams: { enabled: true, frequency: 'daily', hour: 6, minute: 15 },
      // 2026-11-23 is a Monday.
      games: { enabled: true, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 15 },
    })

    await runSchedulerTick(platform, at('2026-11-23T06:14:30Z'))
    expect(await slots()).toEqual([])
    const reports = [
      await runSchedulerTick(platform, at('2026-11-23T06:15:00Z')),
      await runSchedulerTick(platform, at('2026-11-23T06:15:30Z')),
      await runSchedulerTick(platform, at('2026-11-23T06:16:00Z')),
    ]
    expect(await slots()).toEqual(['games:2026-11-23T06:15Z', 'streams:2026-11-23T06:15Z'])

    for (const s of reports.flatMap((r) => r.started)) await runJob(platform, s.jobId!)
    expect(await getStream(stream.id)).toMatchObject({ isLive: true, viewerCount: 88 })
    expect(await getGame(game.id)).toMatchObject({ price: '$4.20' })
    // Each History names the scheduler; the stream's keeps a version for its new title and picture.
    const cookie = await adminCookie()
    const history = async (path: string) => (await send('GET', `/api/admin/revisions/${path}`, { cookie })).body
    expect(await history(`game/${game.id}`)).toMatchObject([
      {
        actor: 'scheduler',
        summary: 'Refreshed from the Steam store',
        changedFields: expect.arrayContaining(['price']),
      },
    ])
    expect(await history(`stream/${stream.id}`)).toMatchObject([
      { actor: 'scheduler', summary: 'Refreshed from Twitch' },
    ])
    const runs = await listSchedulerRuns()
    expect(runs.map((r) => [r.kind, r.status, r.message]).sort()).toEqual([
      ['games', 'completed', '1 done, 0 failed'],
      ['streams', 'completed', '1 done, 0 failed'],
    ])

    // The next day: streams again (daily), games not (weekly).
    await runSchedulerTick(platform, at('2026-11-24T06:15:00Z'))
    expect(await slots()).toEqual(['games:2026-11-23T06:15Z', 'streams:2026-11-23T06:15Z', 'streams:2026-11-24T06:15Z'])
    const times = (await send('GET', '/api/admin/scheduler/runs', { cookie: await adminCookie() })).body
    expect(times.streams).toMatchObject({
      lastRunAt: '2026-11-24T06:15:00.000Z',
      nextRunAt: '2026-11-25T06:15:00.000Z',
    })
    expect(times.games).toMatchObject({ nextRunAt: '2026-11-30T06:15:00.000Z' })
  })

  it('a flag switched off keeps its refresh from running; the master switch too', async () => {
    await createStream({ streamUrl: 'https://www.twitch.tv/someone' })
    await createGame({ steamUrl: 'https://store.steampowered.com/app/43/' })
    await saveSchedulerConfig({
      enabled: true,
      refreshStreams: false,
      streams: { enabled: true, frequency: 'daily', hour: 6, minute: 0 },
      games: { enabled: true, frequency: 'daily', hour: 6, minute: 0 },
    })
    await runSchedulerTick(platform, at('2026-11-23T06:00:00Z'))
    expect(await slots()).toEqual(['games:2026-11-23T06:00Z'])

    await saveSchedulerConfig({ enabled: false, refreshStreams: true })
    await runSchedulerTick(platform, at('2026-11-24T06:00:00Z'))
    expect(await slots()).toEqual(['games:2026-11-23T06:00Z'])
  })

  it('a stream refresh that cannot start (no keys) is recorded as failed, naming the variables', async () => {
    await createStream({ streamUrl: 'https://www.twitch.tv/someone' })
    await saveSchedulerConfig({ enabled: true, streams: { enabled: true, frequency: 'daily', hour: 6, minute: 0 } })
    const external = withExternalOverrides(h.platform.external, {
      twitch: { clientId: undefined },
      youtube: { apiKey: undefined },
    })
    await runSchedulerTick(testPlatform({ ...h.platform, external }), at('2026-11-23T06:00:00Z'))
    const [run] = await listSchedulerRuns()
    expect(run).toMatchObject({ kind: 'streams', status: 'failed', jobId: null })
    expect(run!.message).toContain('set TWITCH_CLIENT_ID, YOUTUBE_API_KEY')
  })

  it('the settings carry the blocks and flags through the API; bad values are refused and change nothing', async () => {
    const cookie = await adminCookie()
    const saved = await send('POST', '/api/admin/scheduler/config', {
      cookie,
      body: {
        refreshGames: false,
        streams: { enabled: true, frequency: 'daily', hour: 7, minute: 30 },
        games: { enabled: true, frequency: 'weekly', dayOfWeek: 5, hour: 20, minute: 45 },
      },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.config).toMatchObject({
      refreshStreams: true,
      refreshGames: false,
      streams: { enabled: true, frequency: 'daily', dayOfWeek: -1, hour: 7, minute: 30 },
      games: { enabled: true, frequency: 'weekly', dayOfWeek: 5, hour: 20, minute: 45 },
    })
    const before = await getSchedulerConfig()
    const refused = await send('POST', '/api/admin/scheduler/config', {
      cookie,
      body: { refreshStreams: false, games: { minute: 10 } },
    })
    expect(refused).toMatchObject({ status: 400, body: { message: 'The minute must be 0, 15, 30 or 45.' } })
    expect(await getSchedulerConfig()).toEqual(before)
  })
})
