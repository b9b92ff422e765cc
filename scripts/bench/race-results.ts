/**
 * The race-results part of `npm run bench:data` (docs/benchmarks.md): the import of a 2-hour ACC
 * race of 60 cars (about 3,000 laps, the file as the server writes it, UTF-16LE) through the same
 * function the admin's import and the command use, then /api/lap-times over 100,000 stored laps.
 * Runs against the bench's scratch database; prints figures.
 */
import { accFileName, accResultFile, type ResultCar, type ResultSession } from '../../src/server/demo/result-files.ts'

const cars = [
  'BMW M4 GT3',
  'Porsche 992 GT3 R',
  'Ferrari 296 GT3',
  'McLaren 720S GT3 Evo',
  'Audi R8 LMS GT3 Evo II',
  'Ford Mustang GT3',
]
const tracks = ['spa', 'monza', 'nurburgring', 'silverstone', 'suzuka', 'mount_panorama', 'imola', 'barcelona']

function sequence(seed: number) {
  let x = seed
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    return x / 0x7fffffff
  }
}

/** 60 cars, two drivers each, `laps` laps of about 2:18 (50 laps: a 2-hour race). */
export function enduranceRace(seed: number, track: string, laps = 50): ResultSession {
  const random = sequence(seed)
  const field: ResultCar[] = Array.from({ length: 60 }, (_, i) => {
    const pace = 136_000 + i * 40
    return {
      number: i + 1,
      car: cars[i % cars.length]!,
      team: `Team ${Math.floor(i / 2) + 1}`,
      drivers: [`Driver ${i * 2 + 1}`, `Driver ${i * 2 + 2}`],
      laps: Array.from({ length: laps }, () => pace + Math.round(random() * 2_500)),
      invalidLaps: Array.from({ length: 3 }, () => Math.floor(random() * laps)),
    }
  })
  return { track, type: 'race', serverName: `Bench endurance ${seed}`, cars: field }
}

type Measure = (label: string, path: () => string, runs: number) => Promise<void>

/** How many laps /api/lap-times is measured over (`--lap-records=N`; the smoke run of the test line takes a few). */
const LAP_RECORDS = Number(
  process.argv.find((a) => a.startsWith('--lap-records='))?.slice('--lap-records='.length) ?? 100_000,
)

export async function benchRaceResults(measure: Measure): Promise<void> {
  const { importResultFile } = await import('../../src/server/results/import.ts')
  const { parseResultFile } = await import('../../src/lib/results/parse.ts')
  const { insertStandingsSet } = await import('../../src/server/repos/standings.repo.ts')
  const { db } = await import('../../src/server/db/client.ts')
  const { raceLaps } = await import('../../src/server/db/schema.ts')
  const { count } = await import('drizzle-orm')
  const { f1PointsSystem } = await import('../../src/lib/race-points.ts')

  const championshipId = await insertStandingsSet({
    championshipName: 'Bench Endurance Cup',
    source: 'results',
    pointsSystem: f1PointsSystem({ fastestLap: 1 }),
    standings: [],
  })

  // The import itself: five 2-hour races, each a new file, one after the other.
  const start = new Date('2026-06-01T12:00:00Z')
  const files = Array.from({ length: 5 }, (_, i) => ({
    name: accFileName(new Date(start.getTime() + i * 7 * 86_400_000), 'race'),
    bytes: accResultFile(enduranceRace(i + 1, tracks[i % tracks.length]!)),
  }))
  const parseTimes: number[] = []
  const importTimes: number[] = []
  let laps = 0
  for (const [i, file] of files.entries()) {
    let t = performance.now()
    parseResultFile(file.bytes, { fileName: file.name, now: new Date() })
    parseTimes.push(performance.now() - t)
    t = performance.now()
    const outcome = await importResultFile({ bytes: file.bytes, fileName: file.name, championshipId, round: i + 1 })
    importTimes.push(performance.now() - t)
    laps = outcome.laps
  }
  const ms = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ms`
  console.log(
    `\nRace result import: a 2-hour ACC race, 60 cars, ${files[0]!.bytes.length / 1024 / 1024 > 1 ? (files[0]!.bytes.length / 1024 / 1024).toFixed(1) + ' MiB' : (files[0]!.bytes.length / 1024).toFixed(0) + ' KiB'} UTF-16LE, ${laps} valid laps stored of ${60 * 50}:`,
  )
  console.log(`  read the file (decode, parse, check)   ${ms(parseTimes)} (5 files)`)
  console.log(`  whole import (read, store, records, standings of 1-5 rounds)   ${ms(importTimes)} (5 files)`)

  // 100,000 laps (`--lap-records=N`): more races at eight tracks, stored the same way.
  const t = Date.now()
  let round = files.length
  for (;;) {
    const [stored] = await db().select({ n: count() }).from(raceLaps)
    if ((stored?.n ?? 0) >= LAP_RECORDS) {
      console.log(`stored ${stored!.n} laps in ${((Date.now() - t) / 1000).toFixed(1)} s (${round} files)`)
      break
    }
    round++
    const bytes = accResultFile(enduranceRace(round, tracks[round % tracks.length]!))
    await importResultFile({ bytes, fileName: '', championshipId, round })
  }

  console.log(`\nGET /api/lap-times through the app (in-process), ${LAP_RECORDS.toLocaleString('en-US')} laps:`)
  await measure('GET /api/lap-times (first page)', () => '/api/lap-times', 200)
  await measure('GET /api/lap-times?track=', () => `/api/lap-times?track=${encodeURIComponent('Monza')}`, 200)
  await measure(
    'GET /api/lap-times?track=&car=',
    () =>
      `/api/lap-times?track=${encodeURIComponent('Circuit de Spa-Francorchamps')}&car=${encodeURIComponent(cars[Math.floor(Math.random() * cars.length)]!)}`,
    200,
  )
  await measure('GET /api/lap-times?offset=300&limit=50', () => '/api/lap-times?offset=300&limit=50', 200)
  await measure('GET /api/lap-times/tracks (the page)', () => '/api/lap-times/tracks', 100)

  if (process.argv.includes('--explain')) {
    const { rawSql } = await import('../../src/server/db/client.ts')
    for (const query of [
      `select l.id from race_laps l join race_sessions s on s.id = l.session_id left join standings_sets t on t.id = s.set_id where l.personal_best and l.track = 'Monza' order by l.lap_ms, l.id limit 50`,
      `select count(*) from race_laps where personal_best and track = 'Monza'`,
      `select track, array_agg(distinct car order by car), count(*) from race_laps where personal_best group by track`,
    ]) {
      const plan = await rawSql().unsafe<{ 'QUERY PLAN': string }[]>(`explain analyze ${query}`)
      console.log(`\n${query}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`)
    }
  }
}
