import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { f1Table, type FakeTable } from '../../../../fakes/jolpica-server.ts'
import { startAiHarness, type AiHarness } from '../../../../tests/helpers/ai.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { startJolpicaHarness, type JolpicaHarness } from '../../../../tests/helpers/jolpica.ts'
import { withExternalOverrides } from '../../external/config.ts'
import { createStandings } from '../../demo/factories.ts'
import { db } from '../../db/client.ts'
import { outboundRequests } from '../../db/schema.ts'
import { saveGeneratedStandings } from '../../repos/standings.repo.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import { withAiOverrides } from '../../ai/config.ts'

let ai: AiHarness
let jolpica: JolpicaHarness
let send: Send
let cookie: string
beforeAll(async () => {
  ai = await startAiHarness()
  jolpica = await startJolpicaHarness()
  ;({ send } = appWith({ ...ai.platform, ...jolpica.platform }))
})
afterAll(async () => {
  await jolpica.close()
  await ai.close()
})
beforeEach(async () => {
  await resetDatabase()
  ai.fake.reset()
  jolpica.fake.reset()
  cookie = await adminCookie()
})

interface PublicSet {
  id: number
  championshipName: string
  season: string
  source: string
  completedRounds: number | null
  totalRounds: number | null
  sourceUrls: string[]
  lastUpdated: string
  standings: { position: number; driverName: string; team: string; points: number }[]
}
const publicSets = async () => (await send('GET', '/api/championships-standings')).body as PublicSet[]
const official = (body: Record<string, unknown> = {}) =>
  send('POST', '/api/admin/championship-sources', {
    cookie,
    body: { championshipName: 'Formula 1', source: 'jolpica', series: 'f1', sourceSeason: 'current', ...body },
  })

/** The fake AI's table (fakes/ai-server.ts) as Jolpica would publish it: no differences. */
const aiAsOfficial: FakeTable = {
  season: '2025',
  round: 18,
  totalRounds: 24,
  drivers: [
    'Max Fastlap',
    'Lena Apex',
    'Tom Chicane',
    'Ana Slipstream',
    'Ravi Kerb',
    'Jules Hairpin',
    'Kai Pitlane',
    'Mia Paddock',
    'Oscar Gravel',
    'Noor Downforce',
  ].map((name, i) => ({
    givenName: name.split(' ')[0]!,
    familyName: name.split(' ')[1]!,
    team: 'Team',
    points: 300 - i * 25,
  })),
}

describe('official results from Jolpica-F1', () => {
  it('adds an F1 championship read from Jolpica: drivers, points, rounds and where it came from', async () => {
    jolpica.fake.setStandings('f1', 'current', f1Table())
    const res = await official()
    expect(res.status).toBe(201)
    expect(jolpica.fake.requests).toEqual([
      '/ergast/f1/current/driverstandings/?limit=100',
      '/ergast/f1/current/races/?limit=100',
    ])
    const [set] = await publicSets()
    expect(set).toMatchObject({
      championshipName: 'Formula 1',
      season: '2026',
      source: 'jolpica',
      completedRounds: 22,
      totalRounds: 24,
      sourceUrls: [`${jolpica.fake.baseUrl}/f1/current/driverstandings/?limit=100`],
    })
    expect(set!.standings.slice(0, 3)).toEqual([
      { position: 1, driverName: 'Lando Norris', team: 'McLaren', points: 408 },
      { position: 2, driverName: 'Max Verstappen', team: 'Red Bull', points: 396 },
      { position: 3, driverName: 'Oscar Piastri', team: 'McLaren', points: 392 },
    ])
    // Each call took a slot of the rate limit, counted in the database (instances share no memory).
    expect(await db().select().from(outboundRequests)).toHaveLength(2)
  })

  it('reads a table Jolpica spreads over two pages whole, page by page through MRData.total', async () => {
    // Jolpica's pages hold at most 100 rows; the fake's hold 3 here, so the 5 drivers take two pages.
    jolpica.fake.setPageLimit(3)
    jolpica.fake.setStandings('f1', 'current', f1Table())
    expect((await official()).status).toBe(201)
    expect(jolpica.fake.requests).toEqual([
      '/ergast/f1/current/driverstandings/?limit=100',
      '/ergast/f1/current/driverstandings/?limit=100&offset=3',
      '/ergast/f1/current/races/?limit=100',
    ])
    const [set] = await publicSets()
    expect(set!.standings.map((r) => [r.position, r.driverName, r.points])).toEqual([
      [1, 'Lando Norris', 408],
      [2, 'Max Verstappen', 396],
      [3, 'Oscar Piastri', 392],
      [4, 'George Russell', 309],
      [5, 'Charles Leclerc', 230],
    ])
    // Each page took its slot of the rate limit.
    expect(await db().select().from(outboundRequests)).toHaveLength(3)
  })

  it('refreshes from Jolpica; without an answer it says why and keeps the last table', async () => {
    jolpica.fake.setStandings('f1', 'current', f1Table())
    const { body: set } = await official()
    jolpica.fake.setStandings(
      'f1',
      'current',
      f1Table({ round: 23, drivers: f1Table().drivers.map((d) => ({ ...d, points: d.points + 10 })) }),
    )
    const refreshed = await send('POST', `/api/admin/championship-sources/${set.id}/refresh`, { cookie })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({ completedRounds: 23 })
    expect(refreshed.body.standings[0]).toMatchObject({ driverName: 'Lando Norris', points: 418 })
    const kept = (await publicSets())[0]!

    const unreachable = withExternalOverrides(jolpica.platform.external, {
      jolpica: { baseUrl: 'http://127.0.0.1:9/ergast' },
    })
    const offline = await appWith({ ...ai.platform, external: unreachable }).send(
      'POST',
      `/api/admin/championship-sources/${set.id}/refresh`,
      { cookie },
    )
    expect(offline).toMatchObject({
      status: 502,
      body: { message: 'Jolpica-F1 could not be reached; the last table was kept.' },
    })
    jolpica.fake.queue({ kind: 'hang' })
    const hung = await send('POST', `/api/admin/championship-sources/${set.id}/refresh`, { cookie })
    expect(hung.body.message).toBe('Jolpica-F1 did not answer within 1.5 s; the last table was kept.')
    jolpica.fake.queue({ kind: 'malformed' })
    const broken = await send('POST', `/api/admin/championship-sources/${set.id}/refresh`, { cookie })
    expect(broken.body.message).toBe('Jolpica-F1 sent an answer that is not JSON; the last table was kept.')
    expect((await publicSets())[0]).toEqual(kept)
  })

  it('adds nothing when Jolpica has no table for the season', async () => {
    const before = await databaseDigest()
    const res = await official({ sourceSeason: '1949' })
    expect(res).toMatchObject({
      status: 502,
      body: { message: "Jolpica-F1 has no drivers' standings for F1 1949 yet. Nothing was changed." },
    })
    expect(await publicSets()).toEqual([])
    // Only the call itself was counted (the rate limit's ledger).
    await db().delete(outboundRequests)
    expect(await databaseDigest()).toBe(before)
  })

  it('refuses a bad choice in words and changes nothing', async () => {
    const before = await databaseDigest()
    for (const [body, message] of [
      [{ source: 'jolpica' }, 'Please enter a championship name.'],
      [{ championshipName: 'X', source: 'rumours' }, 'Please choose where the standings come from.'],
      [
        { championshipName: 'X', source: 'jolpica', sourceSeason: 'next' },
        "The season to read must be 'current' or a year.",
      ],
      [
        { championshipName: 'X', source: 'results', pointsPreset: 'custom', customPoints: '25, lots, 3' },
        'Please enter the points as numbers separated by commas, first place first (e.g. 25, 18, 15).',
      ],
      [
        { championshipName: 'X', source: 'results', fastestLapPoints: -1 },
        'Fastest-lap points must be between 0 and 1000.',
      ],
      [{ championshipName: 'X', source: 'ai' }, 'An AI-generated championship is started with Generate Standings.'],
    ] as const) {
      const res = await send('POST', '/api/admin/championship-sources', { cookie, body })
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } })
    }
    expect(await databaseDigest()).toBe(before)
  })

  it('adds a championship built from race results with a custom points list', async () => {
    const res = await send('POST', '/api/admin/championship-sources', {
      cookie,
      body: {
        championshipName: 'Sunday GT3 League',
        season: '2026',
        source: 'results',
        pointsPreset: 'custom',
        customPoints: '30, 25, 20 15',
        fastestLapPoints: '1',
        polePoints: 2,
        totalRounds: '8',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      source: 'results',
      season: '2026',
      totalRounds: 8,
      completedRounds: 0,
      pointsSystem: { positions: [30, 25, 20, 15], fastestLap: 1, pole: 2 },
      standings: [],
    })
    // Without results it is not shown to visitors yet (issue 36), beside a championship that has some.
    await createStandings({ championshipName: 'Formula 1' })
    const shown = (await send('GET', '/api/championships-standings')).body as { championshipName: string }[]
    expect(shown.map((s) => s.championshipName)).toEqual(['Formula 1'])
  })
})

describe('the AI never overwrites a real table', () => {
  it('refuses to generate over official results, before asking the AI', async () => {
    jolpica.fake.setStandings('f1', 'current', f1Table())
    await official()
    const before = (await publicSets())[0]
    const res = await send('POST', '/api/admin/generate-championship-standings', {
      cookie,
      body: { championshipName: 'formula 1', numberOfDrivers: 10 },
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(
      /^Formula 1 standings come from official results \(Jolpica-F1 · read .+\); the AI does not overwrite them\.$/,
    )
    expect(ai.fake.requests).toHaveLength(0)
    await expect(
      saveGeneratedStandings({
        championshipName: 'Formula 1',
        season: '2025',
        completedRounds: 1,
        totalRounds: 2,
        standings: [],
      }),
    ).rejects.toThrow(/the AI does not overwrite them/)
    expect((await publicSets())[0]).toEqual(before)
  })

  it('Refresh All reads official results from Jolpica and AI tables from the AI, each from its own source', async () => {
    jolpica.fake.setStandings('f1', 'current', f1Table())
    await official()
    await createStandings({ championshipName: 'MotoGP' }, 3)
    jolpica.fake.setStandings('f1', 'current', f1Table({ round: 23 }))
    const res = await send('POST', '/api/admin/refresh-all-standings', { cookie })
    expect(res.status).toBe(202)
    await ai.jobsSettled()
    const job = (await send('GET', `/api/admin/jobs/${res.body.job.id}`, { cookie })).body
    expect(job).toMatchObject({ status: 'completed', updated: 2, errors: [] })
    // One AI call (MotoGP); Formula 1 was read from Jolpica again.
    expect(ai.fake.requests.map((r) => JSON.stringify(r.body.input))).toEqual([expect.stringContaining('MotoGP')])
    const sets = await publicSets()
    expect(sets.find((s) => s.championshipName === 'Formula 1')).toMatchObject({
      source: 'jolpica',
      completedRounds: 23,
    })
    expect(sets.find((s) => s.championshipName === 'MotoGP')!.standings[0]!.driverName).toBe('Max Fastlap')
  })

  it('Refresh All and the scheduler read official results without any AI key', async () => {
    jolpica.fake.setStandings('f1', 'current', f1Table())
    await official()
    const noKey = appWith({
      ...ai.platform,
      ...jolpica.platform,
      ai: withAiOverrides(ai.platform.ai, { perplexity: { apiKey: undefined } }),
    })
    const res = await noKey.send('POST', '/api/admin/refresh-all-standings', { cookie })
    expect(res.status).toBe(202)
    await ai.jobsSettled()
    expect((await noKey.send('GET', `/api/admin/jobs/${res.body.job.id}`, { cookie })).body).toMatchObject({
      updated: 1,
      errors: [],
    })
    // A scheduled standings run with no AI championship to do needs no key either.
    await noKey.send('POST', '/api/admin/scheduler/config', {
      cookie,
      body: {
        enabled: true,
        standings: { enabled: true, frequency: 'daily', hour: 6, minute: 0 },
        championships: ['Formula 1'],
      },
    })
    const tick = await runSchedulerTick(noKey.platform, new Date(Date.UTC(2026, 10, 25, 6, 0, 30)))
    await ai.jobsSettled()
    expect(tick.started.find((s) => s.run.kind === 'standings')?.jobId).toBeDefined()
    expect(ai.fake.requests).toHaveLength(0)
  })
})

describe('an AI table with an official counterpart', () => {
  it('is shown with its differences and not saved; the owner saves it after review', async () => {
    jolpica.fake.setStandings('f1', '2025', f1Table({ season: '2025' }))
    const res = await send('POST', '/api/admin/generate-championship-standings', {
      cookie,
      body: { championshipName: 'Formula 1', numberOfDrivers: 10 },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ saved: false, championship: 'Formula 1', standings: { id: null } })
    expect(res.body.review.differences[0]).toMatchObject({
      position: 1,
      kind: 'driver',
      text: 'P1: the AI has Max Fastlap (300 pts), the official table Lando Norris (408 pts)',
    })
    expect(await publicSets()).toEqual([])

    const saved = await send('POST', '/api/admin/save-reviewed-standings', {
      cookie,
      body: {
        championshipName: 'Formula 1',
        season: res.body.standings.season,
        completedRounds: res.body.standings.completedRounds,
        totalRounds: res.body.standings.totalRounds,
        standings: res.body.standings.standings,
        sources: res.body.standings.sourceUrls,
      },
    })
    expect(saved.status).toBe(200)
    const [set] = await publicSets()
    expect(set).toMatchObject({
      source: 'ai',
      sourceUrls: ['https://www.example.com/formula-1/standings', 'https://www.example.org/motorsport/tables'],
    })
    expect(set!.standings[0]!.driverName).toBe('Max Fastlap')
  })

  it('is saved at once when it matches, or when the official table cannot be read (labelled AI)', async () => {
    jolpica.fake.setStandings('f1', '2025', aiAsOfficial)
    const same = await send('POST', '/api/admin/generate-championship-standings', {
      cookie,
      body: { championshipName: 'Formula 1' },
    })
    expect(same.body).toMatchObject({ saved: true, review: { differences: [], officialError: null } })
    jolpica.fake.queue({ kind: 'status', status: 503 })
    const unread = await send('POST', '/api/admin/generate-championship-standings', {
      cookie,
      body: { championshipName: 'Formula 1' },
    })
    expect(unread.body).toMatchObject({
      saved: true,
      review: { officialError: 'Jolpica-F1 answered HTTP 503: fake failure' },
    })
  })

  it('is not saved by an unattended refresh when it differs; the job says where', async () => {
    jolpica.fake.setStandings('f1', '2025', aiAsOfficial)
    await send('POST', '/api/admin/generate-championship-standings', {
      cookie,
      body: { championshipName: 'Formula 1' },
    })
    const before = (await publicSets())[0]
    jolpica.fake.setStandings('f1', '2025', f1Table({ season: '2025' }))
    const res = await send('POST', '/api/admin/refresh-all-standings', { cookie })
    await ai.jobsSettled()
    const job = (await send('GET', `/api/admin/jobs/${res.body.job.id}`, { cookie })).body
    expect(job.failures[0].error).toMatch(
      /^The AI's Formula 1 table differs from the official results \(Jolpica-F1\) in \d+ places \(P1: the AI has Max Fastlap/,
    )
    expect((await publicSets())[0]).toEqual(before)
  })

  it('can be switched to official results, keeping its place and the version it replaces', async () => {
    const id = await createStandings({ championshipName: 'Formula 1' }, 3)
    await createStandings({ championshipName: 'MotoGP' }, 3)
    jolpica.fake.setStandings('f1', 'current', f1Table())
    const res = await official()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, source: 'jolpica' })
    expect((await publicSets()).map((s) => s.championshipName)).toEqual(['Formula 1', 'MotoGP'])
    const history = (await send('GET', `/api/admin/revisions/standings/${id}`, { cookie })).body
    expect(history[0]).toMatchObject({ summary: 'Now from official results (Jolpica-F1)' })
  })
})
