import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rawSql } from '../../db/client.ts'
import { createResultsChampionship } from '../../demo/factories.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resultFilesVia } from '../../../../tests/helpers/race-results.ts'
import {
  expectedReadings,
  realDataBytes,
  realDataFiles,
  type ExpectedCar,
} from '../../../../tests/helpers/real-data.ts'
import { lapTimeMs } from '../../../lib/lap-time.ts'

/**
 * The real result files of ../shared through the admin API, as a league owner uploads them
 * (docs/decisions/0426): every file that a league would upload imports; the same race in other
 * bytes, a file an editor damaged and a qualifying nobody joined are refused in words with nothing
 * changed; the tables follow from the points rules of decision 0421, computed here from the
 * independent reading of the files, not from this site's own reading of them.
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

type Set = 'realdata' | 'realdata-2' | 'realdata-3'
const importFile = (set: Set, file: string, championshipId: number, round: number) =>
  files.importResultFileApi(cookie, realDataBytes(set, file), {
    championshipId,
    round,
    fileName: file.split('/').pop()!,
  })

/** An import that must change nothing: the database digest after the upload and after the answer. */
async function refusedImport(set: Set, file: string, championshipId: number, round: number) {
  const upload = await files.uploadResultFile(cookie, realDataBytes(set, file))
  const before = await databaseDigest()
  const res = await send('POST', `/api/admin/race-results/uploads/${upload}/import`, {
    cookie,
    body: { championshipId, round, fileName: file.split('/').pop()! },
  })
  expect(await databaseDigest()).toBe(before)
  return res
}

const table = async (id: number) => {
  const sets = (await send('GET', '/api/championships-standings')).body as {
    id: number
    standings: { position: number; driverName: string; points: number }[]
  }[]
  return sets.find((s) => s.id === id)!.standings.map((r) => [r.driverName, r.points] as const)
}

/**
 * The table the rules of decision 0421 (amended by 0426) give from the independent reading of a
 * round's qualifying and race: F1 points by finishing position to the classified cars (ACC writes no
 * retirement: a car with fewer than 90% of its class winner's laps, rounded down, is not classified),
 * the fastest lap's point to the classified car with the best valid lap, pole to the qualifying's
 * fastest car.
 */
function tableFromReading(qualifying: ExpectedCar[], race: ExpectedCar[], bonus: { pole: number; fastestLap: number }) {
  const F1 = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
  const winnerLaps = Math.max(...race.map((c) => c.laps))
  const classified = race.filter((c) => c.laps >= Math.floor(winnerLaps * 0.9))
  const points = new Map<string, number>()
  const add = (car: ExpectedCar, n: number) => {
    for (const d of car.drivers) points.set(d, (points.get(d) ?? 0) + n)
  }
  for (const car of race) add(car, 0)
  classified.forEach((car, i) => add(car, F1[i] ?? 0))
  const best = (c: ExpectedCar) => lapTimeMs(c.bestValidLap ?? '') ?? Infinity
  add([...classified].sort((a, b) => best(a) - best(b))[0]!, bonus.fastestLap)
  add([...qualifying].sort((a, b) => best(a) - best(b))[0]!, bonus.pole)
  return [...points].sort((a, b) => b[1] - a[1])
}

describe('the 19 real files of ../shared/realdata through the admin API', () => {
  it('imports each one, refuses the same race in other bytes, and scores a round as the rules say', async () => {
    const expected = expectedReadings()
    const bonus = { pole: 3, fastestLap: 1 }
    const d1 = await createResultsChampionship({
      championshipName: 'SRA Division 1',
      pointsSystem: { positions: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], ...bonus },
    })
    const quali = 'acc/sra_260616_213547_Q.json'
    const race = 'acc/sra_260616_224355_R.json'
    expect((await importFile('realdata', quali, d1, 1)).status).toBe(201)
    expect((await importFile('realdata', race, d1, 1)).status).toBe(201)
    const fromReading = tableFromReading(expected[quali]!.classification, expected[race]!.classification, bonus)
    const rows = await table(d1)
    expect(rows).toHaveLength(fromReading.length)
    // Ties are ordered by count-back, then the name: compare the points of each driver.
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(fromReading))
    expect(rows[0]).toEqual(fromReading[0])

    // The same race as the server wrote it (UTF-16 with a byte order mark): refused, nothing changed.
    const copy = await refusedImport('realdata', 'acc/CONVERTED_utf16le_bom_sra_260616_224355_R.json', d1, 2)
    expect(copy.status).toBe(409)
    expect(copy.body.message).toMatch(
      /^This race was already imported from "sra_260616_224355_R\.json" on .+ \(Nürburgring race, round 1 of SRA Division 1\)\. Nothing was changed\.$/,
    )

    // Every other file, each a round of a championship of its own game: all import, except the
    // rFactor 2 race re-saved by Simresults' maintainer (the same race, one <VehFile> changed).
    const acc = await createResultsChampionship({ championshipName: 'ACC files' })
    const rf2 = await createResultsChampionship({ championshipName: 'rFactor 2 files' })
    const rest = Object.keys(expected).filter((f) => ![quali, race].includes(f) && !f.includes('CONVERTED'))
    const answers: [string, number, string][] = []
    for (const [i, file] of rest.entries()) {
      const res = await importFile('realdata', file, file.startsWith('acc/') ? acc : rf2, i + 1)
      answers.push([file, res.status, res.status === 201 ? '' : res.body.message])
    }
    const resaved = 'rfactor2/simresults_rf2_race_with_amp_chars_in_vehicle.xml'
    expect(answers.filter(([, status]) => status !== 201)).toEqual([
      [resaved, 409, expect.stringMatching(/^This race was already imported from "simresults_rf2_race\.xml"/)],
    ])
    expect(answers.filter(([, status]) => status === 201)).toHaveLength(15)

    // It imports on its own: once the other copy is deleted.
    const sessions = (await send('GET', '/api/admin/race-results', { cookie })).body as {
      id: number
      fileName: string
    }[]
    const original = sessions.find((s) => s.fileName === 'simresults_rf2_race.xml')!
    expect((await send('DELETE', `/api/admin/race-results/${original.id}`, { cookie })).status).toBe(200)
    expect((await importFile('realdata', resaved, rf2, 99)).status).toBe(201)
  })
})

/** Each league's files in order, a qualifying and the race after it at one track sharing a round. */
function leagues(sets: readonly Set[]) {
  const byLeague = new Map<string, { set: Set; file: string }[]>()
  for (const set of sets) {
    for (const file of realDataFiles(set)) {
      const league = `${set}/${file.split('/')[0]}`
      byLeague.set(league, [...(byLeague.get(league) ?? []), { set, file }])
    }
  }
  return byLeague
}

const refusals: Record<string, [number, RegExp]> = {
  'simdesk/221012_215932_R.json': [400, /^The file mixes two encodings \(line 2\)/],
  'simdesk/221018_194925_Q.json': [400, /^The ACC result file has no cars in its classification: nobody drove/],
  'cmsracing-utf16/zolder-r.json': [409, /^This race was already imported from "zolder-r\.json"/],
}

describe('the real files of ../shared/realdata-2 and realdata-3 through the admin API', () => {
  it('imports every file a league would upload, refuses the others in words with nothing changed, and stores no "no time" as a time', async () => {
    const outcomes: [string, number][] = []
    // The UTF-16 copy of a Zolder race after its UTF-8 re-save: both leagues' folders in one championship.
    const championships = new Map<string, number>()
    for (const [league, list] of leagues(['realdata-2', 'realdata-3'])) {
      const name = league.replace('cmsracing-utf16', 'cmsracing')
      const id = championships.get(name) ?? (await createResultsChampionship({ championshipName: name }))
      championships.set(name, id)
      for (const [i, { set, file }] of list.entries()) {
        const refused = refusals[file]
        const res = await (refused ? refusedImport : importFile)(set, file, id, i + 1)
        outcomes.push([`${set}/${file}`, res.status])
        if (refused) {
          expect([file, res.status, res.body.message]).toEqual([file, refused[0], expect.stringMatching(refused[1])])
        }
      }
    }
    expect(outcomes.filter(([file]) => !Object.keys(refusals).some((r) => file.endsWith(r)))).toEqual(
      outcomes.filter(([, status]) => status === 201),
    )
    expect(outcomes).toHaveLength(38)

    // What was stored: no time of ACC's 2147483647 nor of a dashed lap, in the classifications or laps.
    const [timed] = await rawSql()<{ times: number }[]>`
      select count(*)::int as times from race_sessions, jsonb_array_elements(classification) as car
      where (car->>'totalTimeMs')::bigint >= 86400000 or (car->>'bestLapMs')::bigint >= 86400000`
    expect(timed!.times).toBe(0)
    const [stored] = await rawSql()<{ laps: number; longest: number }[]>`
      select count(*)::int as laps, max(lap_ms)::int as longest from race_laps`
    expect(stored!.laps).toBeGreaterThan(20_000)
    expect(stored!.longest).toBeLessThan(60 * 60 * 1000)

    // Each class's winner of each race is classified (unless nobody of the class finished).
    const races = await rawSql()<{ file_name: string; classification: { carClass: string; status: string }[] }[]>`
      select file_name, classification from race_sessions where session_type = 'race'`
    for (const r of races) {
      const classes = new Map<string, string[]>()
      for (const car of r.classification) classes.set(car.carClass, [...(classes.get(car.carClass) ?? []), car.status])
      for (const [carClass, statuses] of classes) {
        if (statuses.includes('finished'))
          expect([r.file_name, carClass, statuses[0]]).toEqual([r.file_name, carClass, 'finished'])
      }
    }
  })

  it("scores a GT4 class championship of a GT3 + GT4 race by the GT4 winner's laps", async () => {
    const gt4 = await createResultsChampionship({ championshipName: 'EnduCup GT4', carClass: 'GT4' })
    expect((await importFile('realdata-2', 'simdesk/221008_224809_R.json', gt4, 1)).status).toBe(201)
    expect(await table(gt4)).toEqual([
      ['Felix Keili Merk', 25],
      ['Richard Lindner', 25],
      ['Morten Angstmann', 18],
      ['Thorben Reinig', 18],
      ['Lars Wintermantel', 15],
      ['Marvin Reisenhauer', 15],
      ['Carlo Schelbert', 12],
      ['Mirco Haake', 0],
    ])
  })

  it('keeps an LMU driver who changed car between rounds one driver, and asks about him in the preview', async () => {
    const league = await createResultsChampionship({ championshipName: 'LMU Barcelona' })
    const first = 'lmu-stats/2026_04_04_19_31_41-19R1.xml'
    const second = 'lmu-stats/2026_04_06_23_37_12-20R1.xml'
    expect((await importFile('realdata-2', first, league, 1)).status).toBe(201)
    const upload = await files.uploadResultFile(cookie, realDataBytes('realdata-2', second))
    const preview = await send(
      'GET',
      `/api/admin/race-results/uploads/${upload}/preview?${new URLSearchParams({ championshipId: String(league) })}`,
      { cookie },
    )
    expect(preview.status).toBe(200)
    const questions = preview.body.drivers as { name: string; suggested: string; options: { label: string }[] }[]
    const changed = questions.filter((q) => q.options.some((o) => o.label.startsWith('The same driver as')))
    expect(changed.length).toBeGreaterThan(0)
    const imported = await send('POST', `/api/admin/race-results/uploads/${upload}/import`, {
      cookie,
      body: { championshipId: league, round: 2, fileName: 'race2.xml' },
    })
    expect(imported.status).toBe(201)
    const rows = await table(league)
    const names = rows.map(([name]) => name.toLowerCase())
    expect(new Set(names).size).toBe(names.length)
    // Each driver who changed car has the points of both rounds in one row.
    for (const q of changed) expect(names.filter((n) => n === q.name.trim().toLowerCase())).toHaveLength(1)
  })
})
