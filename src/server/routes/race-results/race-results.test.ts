import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createResultsChampionship, createStandings } from '../../demo/factories.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { startBlobs, tinyPng, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resultFilesVia } from '../../../../tests/helpers/race-results.ts'
import { accSpaRace, lmuSartheRace } from '../../../../tests/fixtures/race-sessions.ts'
import { accFileName, accResultFile, lmuResultFile, type ResultSession } from '../../demo/result-files.ts'
import { CHUNK_SIZE } from '../../blobs/chunked-files.ts'
import { setSetting, TIME_ZONE_KEY } from '../../repos/site-settings.repo.ts'

let blobs: BlobsHarness
let send: Send
let files: ReturnType<typeof resultFilesVia>
let cookie: string
beforeAll(async () => {
  blobs = await startBlobs()
  ;({ send } = appWith({ blobs: blobs.stores }))
  files = resultFilesVia(send)
})
const uploadResultFile: typeof files.uploadResultFile = (...args) => files.uploadResultFile(...args)
const previewResultFile: typeof files.previewResultFile = (...args) => files.previewResultFile(...args)
const importResultFileApi: typeof files.importResultFileApi = (...args) => files.importResultFileApi(...args)
afterAll(async () => blobs.close())
beforeEach(async () => {
  await resetDatabase()
  cookie = await adminCookie()
})

const spaStart = new Date('2026-11-15T19:00:00Z')
const accFile = accResultFile(accSpaRace)
const accName = accFileName(spaStart, 'race')
const lmuFile = lmuResultFile(lmuSartheRace)

const standingsOf = async (id: number) => {
  const sets = (await send('GET', '/api/championships-standings')).body as {
    id: number
    completedRounds: number
    source: string
    standings: { position: number; driverName: string; team: string; points: number }[]
  }[]
  return sets.find((s) => s.id === id)!
}
const table = async (id: number) => (await standingsOf(id)).standings.map((r) => [r.position, r.driverName, r.points])

describe('race result import', () => {
  it('previews a file: the session, its classification, its laps and the fastest valid ones', async () => {
    const id = await uploadResultFile(cookie, accFile)
    const res = await previewResultFile(cookie, id, accName)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      format: 'acc',
      formatLabel: 'Assetto Corsa Competizione',
      sessionLabel: 'Race',
      track: 'Circuit de Spa-Francorchamps',
      startedAt: spaStart.toISOString(),
      laps: { total: 9, valid: 8 },
      duplicate: null,
    })
    expect(
      res.body.classification.map((c: { drivers: { name: string }[] }) => c.drivers.map((d) => d.name).join(' / ')),
    ).toEqual(['Kevin Estre / Laurens Vanthoor', 'Charles Weerts', 'Alessio Rovera'])
    expect(res.body.fastestLaps[0]).toMatchObject({ driverName: 'Alessio Rovera', lapTime: '2:18.300' })
  })

  it('imports an ACC file (UTF-16LE) and an LMU file into a championship: F1 points plus the fastest-lap point, rounds counted', async () => {
    const championshipId = await createResultsChampionship({
      championshipName: 'GT Sprint Cup',
      pointsSystem: { positions: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], fastestLap: 1, pole: 0 },
    })
    const first = await importResultFileApi(cookie, accFile, { championshipId, round: 1, fileName: accName })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ championshipName: 'GT Sprint Cup', round: 1, format: 'acc', cars: 3, laps: 8 })
    // Estre and Vanthoor share the winning car; Rovera's 2:18.300 is the race's fastest lap.
    expect(await table(championshipId)).toEqual([
      [1, 'Kevin Estre', 25],
      [2, 'Laurens Vanthoor', 25],
      [3, 'Charles Weerts', 18],
      [4, 'Alessio Rovera', 16],
    ])
    const second = await importResultFileApi(cookie, lmuFile, { championshipId, round: 2, fileName: 'race.xml' })
    expect(second.status).toBe(201)
    const set = await standingsOf(championshipId)
    expect(set).toMatchObject({ source: 'results', completedRounds: 2 })
    // Round 2: Weerts wins with the fastest lap (26), Estre second (18), Rovera retired (0).
    expect(set.standings).toEqual([
      { position: 1, driverName: 'Charles Weerts', team: 'WRT', points: 44 },
      { position: 2, driverName: 'Kevin Estre', team: 'Manthey', points: 43 },
      { position: 3, driverName: 'Laurens Vanthoor', team: 'Manthey', points: 25 },
      { position: 4, driverName: 'Alessio Rovera', team: 'AF Corse', points: 16 },
    ])
    const sessions = (await send('GET', '/api/admin/race-results', { cookie })).body
    expect(
      sessions.map((s: { round: number; format: string; championshipName: string }) => [
        s.round,
        s.format,
        s.championshipName,
      ]),
    ).toEqual([
      [2, 'lmu', 'GT Sprint Cup'],
      [1, 'acc', 'GT Sprint Cup'],
    ])
  })

  it('follows a custom points list: a tie goes to count-back, then the name', async () => {
    const championshipId = await createResultsChampionship({
      pointsSystem: { positions: [10, 8, 6], fastestLap: 0, pole: 0 },
    })
    await importResultFileApi(cookie, accFile, { championshipId, round: 1 })
    await importResultFileApi(cookie, lmuFile, { championshipId, round: 2 })
    expect(await table(championshipId)).toEqual([
      [1, 'Charles Weerts', 18],
      [2, 'Kevin Estre', 18],
      [3, 'Laurens Vanthoor', 10],
      [4, 'Alessio Rovera', 6],
    ])
  })

  it('takes a file larger than one chunk', async () => {
    const championshipId = await createResultsChampionship()
    const long: ResultSession = {
      track: 'monza',
      type: 'race',
      cars: Array.from({ length: 48 }, (_, i) => ({
        number: i + 1,
        car: 'BMW M4 GT3',
        drivers: [`Driver ${i + 1}`],
        laps: Array.from({ length: 200 }, (_, lap) => 107_000 + ((i * 37 + lap * 11) % 900)),
      })),
    }
    const bytes = accResultFile(long)
    expect(bytes.length).toBeGreaterThan(CHUNK_SIZE)
    const res = await importResultFileApi(cookie, bytes, { championshipId, round: 1 })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ cars: 48, laps: 9600 })
  })

  it('refuses a second import of the same file, a truncated file and files of another kind, changing nothing', async () => {
    const championshipId = await createResultsChampionship({ championshipName: 'GT Sprint Cup' })
    const aiSet = await createStandings({ championshipName: 'Formula 1' }, 3)
    expect((await importResultFileApi(cookie, accFile, { championshipId, round: 1, fileName: accName })).status).toBe(
      201,
    )

    const duplicate = await uploadResultFile(cookie, accFile)
    // The owner's time zone names when it was imported (issue 36).
    await setSetting(TIME_ZONE_KEY, 'Europe/Berlin')
    const before = await databaseDigest()
    const again = await send('POST', `/api/admin/race-results/uploads/${duplicate}/import`, {
      cookie,
      body: { championshipId, round: 4 },
    })
    expect(again.status).toBe(409)
    expect(await databaseDigest()).toBe(before)
    expect(again.body.message).toMatch(
      /^This result file was already imported on \w{3} \d+, \d{4}, \d+:\d\d [AP]M GMT\+[12] \(Circuit de Spa-Francorchamps race, round 1 of GT Sprint Cup\)\. Nothing was changed\.$/,
    )
    const id = await uploadResultFile(cookie, accFile)
    expect((await previewResultFile(cookie, id)).body.duplicate).toBe(again.body.message)

    const refusals: [Uint8Array, RegExp][] = [
      [
        accResultFile(accSpaRace).subarray(0, 3000),
        /^The JSON file is damaged or incomplete \(.+\)\. Was it cut short\?$/,
      ],
      [
        lmuFile.subarray(0, Math.floor(lmuFile.length / 2)),
        /^The XML file is damaged or incomplete: .+\(line \d+\)\. Was it cut short\?$/,
      ],
      [new Uint8Array(tinyPng), /not an ACC result file \(JSON\) or an LMU \/ rFactor 2 result file \(XML\)/],
      [
        new TextEncoder().encode('{"format":"simracing-hub-backup","version":1}'),
        /^This JSON file is not an ACC result file/,
      ],
    ]
    for (const [bytes, message] of refusals) {
      const upload = await uploadResultFile(cookie, bytes)
      expect((await previewResultFile(cookie, upload)).body.message).toMatch(message)
      const before = await databaseDigest()
      const res = await send('POST', `/api/admin/race-results/uploads/${upload}/import`, {
        cookie,
        body: { championshipId, round: 2 },
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
      expect(await databaseDigest()).toBe(before)
    }
    // A championship whose table does not come from race results takes none; nor one that is not there.
    for (const [target, status, message] of [
      [
        aiSet,
        400,
        'Race results can be imported only into a championship built from race results; Formula 1 is AI-generated.',
      ],
      [9999, 404, 'Championship not found'],
    ] as const) {
      const upload = await uploadResultFile(cookie, lmuFile)
      const before = await databaseDigest()
      const res = await send('POST', `/api/admin/race-results/uploads/${upload}/import`, {
        cookie,
        body: { championshipId: target, round: 1 },
      })
      expect(res).toMatchObject({ status, body: { message } })
      expect(await databaseDigest()).toBe(before)
    }
  })

  it('refuses hostile and malformed files with a 400 that says what is wrong, at preview and import, changing nothing', async () => {
    const championshipId = await createResultsChampionship()
    const sarthe = new TextDecoder().decode(lmuFile)
    const lmu = (edit: (xml: string) => string) => new TextEncoder().encode(edit(sarthe))
    // The games' own document type (rF, one plain entity) swapped for a hostile one.
    const declared = (entity: string, uses = 1) =>
      lmu((xml) =>
        xml
          .replace(/<!DOCTYPE rF \[[^\]]*\]>/, `<!DOCTYPE rFactorXML [${entity}]>`)
          .replace('<TrackVenue>Circuit de la Sarthe', `<TrackVenue>${'&x;'.repeat(uses)}`),
      )
    const doctype = (says: string) =>
      new RegExp(`^The XML file's document type \\(<!DOCTYPE>, line 2\\) ${says.replace(/[()]/g, '\\$&')}`)
    const accLaps = JSON.parse(new TextDecoder('utf-16le').decode(accResultFile(accSpaRace).subarray(2)))
    accLaps.laps[1].laptime = 0.3
    const hostile: [string, Uint8Array, RegExp][] = [
      [
        'an external entity',
        declared('<!ENTITY x SYSTEM "file:///etc/passwd">'),
        doctype('declares an external entity (<!ENTITY x SYSTEM ...), which would read a file or an address'),
      ],
      [
        'a parameter entity',
        declared('<!ENTITY % p SYSTEM "http://127.0.0.1/p.dtd"> %p;'),
        doctype('declares a parameter entity'),
      ],
      [
        'an entity over 10 kB',
        declared(`<!ENTITY x "${'a'.repeat(11_000)}">`),
        doctype('declares the entity x of 11,000 characters'),
      ],
      [
        'a billion laughs',
        declared('<!ENTITY l "lol"><!ENTITY x "&l;&l;&l;&l;&l;&l;&l;&l;&l;&l;">'),
        doctype('declares the entity x built of other entities or markup'),
      ],
      [
        'an expansion over 100 kB',
        declared(`<!ENTITY x "${'a'.repeat(900)}">`, 200),
        doctype('declares entities that the file uses to add more than 100,000 characters'),
      ],
      [
        '10,000 levels of nesting',
        lmu((xml) => xml.replace('</RaceResults>', `${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</RaceResults>`)),
        /^The XML file nests its elements more than 32 deep/,
      ],
      [
        'a lap starting 1e20 seconds in',
        lmu((xml) => xml.replace('et="0.0000"', 'et="1e20"')),
        /^Lap 1 of Charles Weerts starts at et="1e20" seconds into the session: a session lasts at most 7 days\.$/,
      ],
      [
        'a lap starting 10^20 seconds in',
        lmu((xml) => xml.replace('et="0.0000"', 'et="100000000000000000000"')),
        /^Lap 1 of Charles Weerts starts at et="100000000000000000000" seconds/,
      ],
      [
        'a start of 1e14 seconds',
        lmu((xml) => xml.replace(/<DateTime>\d+<\/DateTime>/g, '<DateTime>1e14</DateTime>')),
        /^The session's start \(DateTime 1e14\) is not a date between 2000 and 2100 in Unix seconds\.$/,
      ],
      [
        'a start of 10^14 seconds',
        lmu((xml) => xml.replace(/<DateTime>\d+<\/DateTime>/g, '<DateTime>100000000000000</DateTime>')),
        /^The session's start \(DateTime 100000000000000\)/,
      ],
      [
        'an ACC lap of 0.3 ms',
        new TextEncoder().encode(JSON.stringify(accLaps)),
        /^Lap 2 of Laurens Vanthoor has a time of 0\.3 ms \(laps\[1\]\.laptime\): a lap takes between 1 ms and 24 hours\.$/,
      ],
    ]
    for (const [what, bytes, message] of hostile) {
      const upload = await uploadResultFile(cookie, bytes)
      const before = await databaseDigest()
      const preview = await previewResultFile(cookie, upload)
      expect([what, preview.status, preview.body.message]).toEqual([what, 400, expect.stringMatching(message)])
      const res = await send('POST', `/api/admin/race-results/uploads/${upload}/import`, {
        cookie,
        body: { championshipId, round: 1 },
      })
      expect([what, res.status, res.body.message]).toEqual([what, 400, expect.stringMatching(message)])
      expect(await databaseDigest()).toBe(before)
    }
  })

  it('keeps the owner history: an import is a version, restoring the one before it takes the round back out', async () => {
    const championshipId = await createResultsChampionship()
    await importResultFileApi(cookie, accFile, { championshipId, round: 1 })
    const afterRound1 = await table(championshipId)
    await importResultFileApi(cookie, lmuFile, { championshipId, round: 2 })
    const history = (await send('GET', `/api/admin/revisions/standings/${championshipId}`, { cookie })).body
    expect(history[0]).toMatchObject({
      actor: 'admin',
      summary: 'Imported round 2: Circuit de la Sarthe race (Le Mans Ultimate / rFactor 2)',
    })
    expect((await send('POST', `/api/admin/revisions/${history[0].id}/restore`, { cookie })).status).toBe(200)
    expect(await table(championshipId)).toEqual(afterRound1)
    expect((await standingsOf(championshipId)).completedRounds).toBe(1)
    const sessions = (await send('GET', '/api/admin/race-results', { cookie })).body
    expect(
      sessions.map((s: { round: number; championshipName: string | null }) => [s.round, s.championshipName]),
    ).toEqual([
      [2, null],
      [1, expect.any(String)],
    ])
    // Computed again from its rounds, the table stays the restored one.
    expect((await send('POST', `/api/admin/championship-sources/${championshipId}/refresh`, { cookie })).status).toBe(
      200,
    )
    expect(await table(championshipId)).toEqual(afterRound1)
  })

  it('deleting an imported session takes its laps and its points away', async () => {
    const championshipId = await createResultsChampionship()
    await importResultFileApi(cookie, accFile, { championshipId, round: 1 })
    await importResultFileApi(cookie, lmuFile, { championshipId, round: 2 })
    const [lmu] = (await send('GET', '/api/admin/race-results', { cookie })).body
    expect((await send('DELETE', `/api/admin/race-results/${lmu.id}`, { cookie })).status).toBe(200)
    expect((await standingsOf(championshipId)).completedRounds).toBe(1)
    expect((await table(championshipId))[0]).toEqual([1, 'Kevin Estre', 25])
    const laps = (await send('GET', '/api/lap-times?track=Circuit de la Sarthe')).body
    expect(laps).toEqual([])
    expect((await send('DELETE', `/api/admin/race-results/${lmu.id}`, { cookie })).status).toBe(404)
    // The file can be imported again once its session is gone.
    expect((await importResultFileApi(cookie, lmuFile, { championshipId, round: 2 })).status).toBe(201)
  })
})
