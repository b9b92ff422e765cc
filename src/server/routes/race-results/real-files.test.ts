import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createResultsChampionship } from '../../demo/factories.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resultFilesVia } from '../../../../tests/helpers/race-results.ts'
import { accSpaRace, lmuSartheRace } from '../../../../tests/fixtures/race-sessions.ts'
import { DEMO_CUP, demoNextRound, demoRaceFiles } from '../../demo/race-files.ts'
import { seedDemoContent } from '../../demo/seed.ts'
import {
  accFileName,
  accResultFile,
  lmuResultFile,
  type ResultCar,
  type ResultSession,
} from '../../demo/result-files.ts'

/**
 * Race result files as game servers and league tools really write them (docs/decisions/0424), each
 * made here from the formats' documentation: Windows-1252 names, stray bytes, raw ampersands, drivers
 * told apart by their platform ids, driver swaps, classes, the games' own classification rules, and
 * the same race in other bytes.
 */
let blobs: BlobsHarness
let send: Send
let files: ReturnType<typeof resultFilesVia>
let cookie: string
beforeAll(async () => {
  blobs = await startBlobs()
  ;({ send } = appWith({ blobs: blobs.stores }))
  files = resultFilesVia(send)
})
afterAll(async () => blobs.close())
beforeEach(async () => {
  await resetDatabase()
  cookie = await adminCookie()
})

const importFile = (bytes: Uint8Array, target: { championshipId: number; round: number; fileName?: string }) =>
  files.importResultFileApi(cookie, bytes, target)

const table = async (id: number) => {
  const sets = (await send('GET', '/api/championships-standings')).body as {
    id: number
    carClass: string | null
    standings: { position: number; driverName: string; points: number }[]
  }[]
  return sets.find((s) => s.id === id)!.standings.map((r) => [r.position, r.driverName, r.points])
}

const lapRecords = async (track: string) =>
  (await send('GET', `/api/lap-times?track=${encodeURIComponent(track)}`)).body as {
    driverName: string
    lapMs: number
    car: string
  }[]

const gt = (name: string, i: number, extra: Partial<ResultCar> = {}): ResultCar => ({
  number: i + 1,
  car: 'BMW M4 GT3',
  team: `Team ${i + 1}`,
  drivers: [name],
  laps: [118_000 + i * 100, 117_500 + i * 100, 117_800 + i * 100],
  ...extra,
})

describe('rFactor 2 files as the game writes them', () => {
  const gerard: ResultSession = {
    track: 'Circuit de la Sarthe',
    type: 'race',
    startedAt: new Date('2026-11-20T14:00:00Z'),
    cars: [
      { number: 5, car: 'Alpine A424', team: 'Équipe Bleue', drivers: ['Gérard Lefèvre'], laps: [212_400, 205_117] },
      { number: 6, car: 'Porsche 963', team: 'Penske', drivers: ['Kévin Estre'], laps: [213_000, 206_250] },
    ],
  }
  const xml = new TextDecoder().decode(lmuResultFile(gerard))

  it('imports a Windows-1252 file, one with a stray byte after its root and one with a raw &, with the right names; the preview says what was repaired', async () => {
    const championshipId = await createResultsChampionship({ championshipName: 'Endurance Cup' })
    const windows1252 = new Uint8Array(Buffer.from(xml, 'latin1'))
    const upload = await files.uploadResultFile(cookie, windows1252)
    const preview = await files.previewResultFile(cookie, upload)
    expect(preview.status).toBe(200)
    expect(preview.body.repairs).toEqual([expect.stringContaining('as Windows-1252')])
    expect(preview.body.classification[0].drivers[0].name).toBe('Gérard Lefèvre')
    expect((await importFile(windows1252, { championshipId, round: 1 })).status).toBe(201)

    const second = { ...gerard, startedAt: new Date('2026-11-21T14:00:00Z') }
    const stray = new Uint8Array([...lmuResultFile(second), 0x00])
    expect((await importFile(stray, { championshipId, round: 2 })).status).toBe(201)

    const third = new TextDecoder()
      .decode(lmuResultFile({ ...gerard, startedAt: new Date('2026-11-22T14:00:00Z') }))
      .replace('<VehName>', '<VehFile>C:\\rF2\\Installed\\Vehicles\\R&D\\alpine.veh</VehFile>\n        <VehName>')
    expect((await importFile(new TextEncoder().encode(third), { championshipId, round: 3 })).status).toBe(201)

    expect(await table(championshipId)).toEqual([
      [1, 'Gérard Lefèvre', 75],
      [2, 'Kévin Estre', 54],
    ])
    expect((await lapRecords('Circuit de la Sarthe')).map((l) => l.driverName)).toEqual([
      'Gérard Lefèvre',
      'Kévin Estre',
    ])
  })
})

describe('drivers by identity', () => {
  it('keeps two drivers of one name with two ids as two rows, and a driver who renamed himself as one, under his latest name', async () => {
    const championshipId = await createResultsChampionship()
    const round1: ResultSession = {
      track: 'monza',
      type: 'race',
      cars: [
        gt('Jordan', 0, { playerIds: ['S765611980001'] }),
        gt('Anthony', 1, { playerIds: ['S765611980002'] }),
        gt('Jordan', 2, { playerIds: ['S765611980003'] }),
        gt('Sam Old', 3, { playerIds: ['S765611980004'] }),
      ],
    }
    const round2: ResultSession = {
      ...round1,
      track: 'spa',
      cars: [gt('Sam New', 0, { playerIds: ['S765611980004'] }), gt('Jordan', 1, { playerIds: ['S765611980003'] })],
    }
    await importFile(accResultFile(round1), { championshipId, round: 1, fileName: '261101_190000_R.json' })
    await importFile(accResultFile(round2), { championshipId, round: 2, fileName: '261108_190000_R.json' })
    expect(await table(championshipId)).toEqual([
      [1, 'Sam New', 37],
      [2, 'Jordan', 33],
      [3, 'Jordan', 25],
      [4, 'Anthony', 18],
    ])
    // And on the lap records: two Jordans at Monza.
    expect((await lapRecords('Monza')).filter((l) => l.driverName === 'Jordan')).toHaveLength(2)
  })

  it('credits both drivers of an LMU driver swap with the car points and each with the laps he drove', async () => {
    const championshipId = await createResultsChampionship()
    const swap: ResultSession = {
      track: 'Fuji Speedway',
      type: 'race',
      startedAt: new Date('2026-11-20T10:00:00Z'),
      cars: [
        {
          number: 8,
          car: 'Toyota GR010',
          team: 'Toyota',
          drivers: ['Sébastien Buemi', 'Brendon Hartley'],
          laps: [90_100, 89_000, 88_700, 89_400],
          swaps: [
            { driver: 'Sébastien Buemi', from: 1, to: 2 },
            { driver: 'Brendon Hartley', from: 3, to: 4 },
          ],
        },
        {
          number: 7,
          car: 'Toyota GR010',
          team: 'Toyota',
          drivers: ['Kamui Kobayashi'],
          laps: [90_500, 89_900, 89_800, 89_950],
        },
      ],
    }
    expect((await importFile(lmuResultFile(swap), { championshipId, round: 1 })).status).toBe(201)
    expect(await table(championshipId)).toEqual([
      [1, 'Brendon Hartley', 25],
      [2, 'Sébastien Buemi', 25],
      [3, 'Kamui Kobayashi', 18],
    ])
    expect((await lapRecords('Fuji Speedway')).map((l) => [l.driverName, l.lapMs])).toEqual([
      ['Brendon Hartley', 88_700],
      ['Sébastien Buemi', 89_000],
      ['Kamui Kobayashi', 89_800],
    ])
  })
})

describe('classes', () => {
  const multiClass: ResultSession = {
    track: 'Circuit de la Sarthe',
    type: 'race',
    startedAt: new Date('2026-11-20T14:00:00Z'),
    cars: [
      { number: 50, car: 'Ferrari 499P', carClass: 'Hypercar', drivers: ['Hyper One'], laps: [205_000, 204_000] },
      { number: 92, car: 'Porsche 911 GT3 R LMGT3', carClass: 'LMGT3', drivers: ['GT One'], laps: [232_000, 230_000] },
      { number: 6, car: 'Porsche 963', carClass: 'Hypercar', drivers: ['Hyper Two'], laps: [206_000, 204_500] },
      { number: 31, car: 'BMW M4 LMGT3', carClass: 'LMGT3', drivers: ['GT Two'], laps: [233_000, 230_500] },
    ],
  }

  it('gives class positions in the preview, and a class championship counts its class by class positions', async () => {
    const upload = await files.uploadResultFile(cookie, lmuResultFile(multiClass))
    const preview = (await files.previewResultFile(cookie, upload)).body
    expect(preview.classes).toEqual(['Hypercar', 'LMGT3'])
    expect(
      preview.classification.map((c: { position: number; carClass: string; classPosition: number }) => [
        c.position,
        c.carClass,
        c.classPosition,
      ]),
    ).toEqual([
      [1, 'Hypercar', 1],
      [2, 'LMGT3', 1],
      [3, 'Hypercar', 2],
      [4, 'LMGT3', 2],
    ])
    const res = await send('POST', '/api/admin/championship-sources', {
      cookie,
      body: { championshipName: 'LMGT3 Cup', source: 'results', pointsPreset: 'f1', carClass: 'LMGT3' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ carClass: 'LMGT3' })
    expect((await importFile(lmuResultFile(multiClass), { championshipId: res.body.id, round: 1 })).status).toBe(201)
    expect(await table(res.body.id)).toEqual([
      [1, 'GT One', 25],
      [2, 'GT Two', 18],
    ])
    const card = (await send('GET', '/api/championships-standings')).body[0]
    expect(card.carClass).toBe('LMGT3')
  })
})

describe('classification by the games own rules', () => {
  it('does not classify an ACC car that missed its mandatory pit stop as a finisher: it scores nothing and the next car wins', async () => {
    const championshipId = await createResultsChampionship()
    const race: ResultSession = {
      track: 'spa',
      type: 'race',
      cars: [gt('Ana', 0, { missedMandatoryPitstop: true }), gt('Ben', 1), gt('Cy', 2)],
    }
    await importFile(accResultFile(race), { championshipId, round: 1 })
    expect(await table(championshipId)).toEqual([
      [1, 'Ben', 25],
      [2, 'Cy', 18],
      [3, 'Ana', 0],
    ])
  })

  it('a 0.001 s lap is neither valid nor a lap record, nor the car best lap', async () => {
    const championshipId = await createResultsChampionship({
      pointsSystem: { positions: [25, 18, 15], fastestLap: 1, pole: 0 },
    })
    const race: ResultSession = {
      track: 'spa',
      type: 'race',
      cars: [gt('Ana', 0), gt('Ben', 1, { laps: [118_100, 1, 117_600] }), gt('Cy', 2)],
    }
    const res = await importFile(accResultFile(race), { championshipId, round: 1 })
    expect(res.body.laps).toBe(8)
    const records = await lapRecords('Circuit de Spa-Francorchamps')
    expect(records.map((l) => [l.driverName, l.lapMs])).toEqual([
      ['Ana', 117_500],
      ['Ben', 117_600],
      ['Cy', 117_700],
    ])
    // The fastest-lap point is Ana's 1:57.500, not Ben's 0:00.001.
    expect(await table(championshipId)).toEqual([
      [1, 'Ana', 26],
      [2, 'Ben', 18],
      [3, 'Cy', 15],
    ])
  })
})

describe('tracks and dates', () => {
  it("lists ACC's silverstone_2019 and silverstone as one track, and takes the session's date from the file", async () => {
    const championshipId = await createResultsChampionship()
    const at = (track: string, drivers: string[]): ResultSession => ({
      track,
      type: 'race',
      cars: drivers.map((d, i) => gt(d, i)),
    })
    await importFile(accResultFile(at('silverstone_2019', ['Ana', 'Ben'])), {
      championshipId,
      round: 1,
      fileName: accFileName(new Date('2026-10-04T18:30:00Z'), 'race'),
    })
    await importFile(accResultFile(at('silverstone', ['Cy', 'Dee'])), { championshipId, round: 2 })
    const tracks = (await send('GET', '/api/lap-times/tracks')).body as { track: string; total: number }[]
    expect(tracks.map((t) => [t.track, t.total])).toEqual([['Silverstone', 4]])
    const sessions = (await send('GET', '/api/admin/race-results', { cookie })).body as {
      track: string
      trackVariant: string
      startedAt: string
      startKnown: boolean
    }[]
    expect(sessions.map((s) => [s.track, s.trackVariant, s.startKnown])).toEqual([
      ['Silverstone', '', false],
      ['Silverstone', '2019', true],
    ])
    expect(sessions[1]!.startedAt).toBe('2026-10-04T18:30:00.000Z')
    // LMU's DateTime is the session's start.
    await importFile(lmuResultFile(lmuSartheRace), { championshipId, round: 3 })
    const [lmu] = (await send('GET', '/api/admin/race-results', { cookie })).body
    expect([lmu.startedAt, lmu.startKnown]).toEqual(['2026-11-22T14:00:00.000Z', true])
  })
})

describe('duplicates by what the session is', () => {
  it('refuses the same race re-encoded as UTF-8, or with a trailing newline, as a duplicate, changing nothing', async () => {
    const championshipId = await createResultsChampionship({ championshipName: 'GT Sprint Cup' })
    const utf16 = accResultFile(accSpaRace)
    const name = accFileName(new Date('2026-11-15T19:00:00Z'), 'race')
    expect((await importFile(utf16, { championshipId, round: 1, fileName: name })).status).toBe(201)
    const copies = [
      accResultFile(accSpaRace, 'utf-8'),
      new Uint8Array([...utf16, 0x0a, 0x00]),
      new Uint8Array([...accResultFile(accSpaRace, 'utf-8'), 0x0a]),
    ]
    for (const bytes of copies) {
      const upload = await files.uploadResultFile(cookie, bytes)
      const preview = await files.previewResultFile(cookie, upload, 'copy.json')
      expect(preview.body.duplicate).toMatch(/^This race was already imported from ".+_R\.json" on /)
      const before = await databaseDigest()
      const res = await send('POST', `/api/admin/race-results/uploads/${upload}/import`, {
        cookie,
        body: { championshipId, round: 2, fileName: 'copy.json' },
      })
      expect(res.status).toBe(409)
      expect(res.body.message).toMatch(
        /^This race was already imported from ".+_R\.json" on .+ \(Circuit de Spa-Francorchamps race, round 1 of GT Sprint Cup\)\. Nothing was changed\.$/,
      )
      expect(await databaseDigest()).toBe(before)
    }
    // The LMU file with a newline after it is its race too.
    expect((await importFile(lmuResultFile(lmuSartheRace), { championshipId, round: 2 })).status).toBe(201)
    const again = await importFile(new Uint8Array([...lmuResultFile(lmuSartheRace), 0x0a]), {
      championshipId,
      round: 3,
    })
    expect(again.status).toBe(409)
  })
})

describe('the demo try-out', () => {
  it('the seed imports rounds 1 and 2; the round `npm run demo:results` writes imports as round 3 and shows on its calendar event', async () => {
    const now = new Date()
    expect(await seedDemoContent(now)).toBe(true)
    const cup = (
      (await send('GET', '/api/championships-standings')).body as {
        id: number
        championshipName: string
        completedRounds: number
      }[]
    ).find((s) => s.championshipName === DEMO_CUP)!
    expect(cup.completedRounds).toBe(2)
    // The seed's own files are its rounds 1 and 2 already.
    for (const file of demoRaceFiles(now)) {
      expect((await importFile(file.bytes, { championshipId: cup.id, round: 3, fileName: file.fileName })).status).toBe(
        409,
      )
    }
    const next = demoNextRound(new Date(now.getTime() + 3 * 86_400_000))
    const res = await importFile(next.bytes, { championshipId: cup.id, round: next.round, fileName: next.fileName })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ round: 3, track: 'Silverstone', cars: 16 })
    const { events } = (await send('GET', '/api/admin/calendar', { cookie })).body as {
      events: { round: number | null; calendarName: string; result: { winner: string } | null }[]
    }
    const rounds = events.filter((e) => e.calendarName === DEMO_CUP)
    expect(rounds.map((e) => [e.round, e.result !== null])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
      [5, false],
      [6, false],
    ])
  })
})
