/**
 * The demo's race result files (docs/decisions/0421): an ACC server's race at Monza (UTF-16LE JSON,
 * as the server writes it) and a Le Mans Ultimate race at Spa (XML), 16 drivers each, made in the
 * documented formats from a seeded random sequence. The demo seed imports them into the 'Sim GT Cup'
 * championship; `npm run demo:results [folder]` writes the same two files to try the import with.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { accFileName, accResultFile, lmuResultFile, type ResultCar } from '../../tests/helpers/result-files.ts'

export const DEMO_CUP = 'Sim GT Cup'

const drivers: [string, string][] = [
  ['Luca Ferrante', 'Apex Motorsport'],
  ['Jonas Weber', 'Nordschleife Racing'],
  ['Maya Okafor', 'Redline Junior'],
  ['Tomás Silva', 'Lusitania GT'],
  ['Elin Carlsson', 'Nordic Speed'],
  ['Hugo Marchand', 'Team Paddock'],
  ['Sofia Rossi', 'Apex Motorsport'],
  ['Kenji Arai', 'Rising Sun Sim'],
  ['Daniel Kowalski', 'Vistula Racing'],
  ['Amira Haddad', 'Desert Storm GT'],
  ['Oliver Grant', 'Team Paddock'],
  ['Lea Fischer', 'Nordschleife Racing'],
  ['Rafael Costa', 'Lusitania GT'],
  ['Nina Petrova', 'Volga Sim Racing'],
  ['Sam Whitaker', 'Redline Junior'],
  ['Iris van Dijk', 'Dutch Apex'],
]

const accCars = [
  'BMW M4 GT3',
  'Porsche 992 GT3 R',
  'Ferrari 296 GT3',
  'McLaren 720S GT3 Evo',
  'Mercedes-AMG GT3 (2020)',
  'Audi R8 LMS GT3 Evo II',
]
const lmuCars = [
  'BMW M4 LMGT3',
  'Porsche 911 GT3 R LMGT3',
  'Ferrari 296 LMGT3',
  'McLaren 720S LMGT3 Evo',
  'Mercedes-AMG LMGT3',
  'Aston Martin Vantage AMR LMGT3',
]

/** A small seeded generator: the demo is the same on every machine. */
function sequence(seed: number) {
  let x = seed
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    return x / 0x7fffffff
  }
}

/** A race: drivers in an order of pace, lap times around `base` with their spread, a few laps invalid. */
function race(seed: number, base: number, laps: number, cars: readonly string[], order: number[]): ResultCar[] {
  const random = sequence(seed)
  const field = order.map((driver, rank) => {
    const pace = base + rank * 120 + Math.round(random() * 250)
    const times = Array.from({ length: laps }, (_, lap) => pace + (lap === 0 ? 4_500 : 0) + Math.round(random() * 900))
    const invalidLaps = random() < 0.4 ? [1 + Math.floor(random() * (laps - 1))] : []
    const [name, team] = drivers[driver]!
    return { number: 10 + driver, car: cars[driver % cars.length]!, team, drivers: [name], laps: times, invalidLaps }
  })
  // Finishing order: the least total time first (as the servers classify a race on laps run).
  return field.sort((a, b) => a.laps.reduce((s, t) => s + t, 0) - b.laps.reduce((s, t) => s + t, 0))
}

export interface DemoRaceFile {
  round: number
  fileName: string
  bytes: Uint8Array
}

/** Round 1 at Monza (ACC) nine days before `now`, round 2 at Spa (LMU) two days before. */
export function demoRaceFiles(now: Date): DemoRaceFile[] {
  const day = 86_400_000
  const monza = new Date(Math.floor((now.getTime() - 9 * day) / 60_000) * 60_000)
  const spa = new Date(Math.floor((now.getTime() - 2 * day) / 60_000) * 60_000)
  const roundOne = [3, 0, 1, 6, 2, 9, 4, 7, 5, 11, 8, 10, 12, 14, 13, 15]
  const roundTwo = [0, 3, 2, 1, 7, 6, 4, 9, 11, 5, 10, 8, 14, 12, 15, 13]
  return [
    {
      round: 1,
      fileName: accFileName(monza, 'race'),
      bytes: accResultFile({
        track: 'monza',
        type: 'race',
        serverName: 'Sim GT Cup | Round 1 | Monza',
        cars: race(2026_1, 107_200, 14, accCars, roundOne),
      }),
    },
    {
      round: 2,
      fileName: 'Sim_GT_Cup_R2_Spa.xml',
      bytes: lmuResultFile({
        track: 'Circuit de Spa-Francorchamps',
        type: 'race',
        serverName: 'Sim GT Cup | Round 2 | Spa',
        startedAt: spa,
        cars: race(2026_2, 138_400, 10, lmuCars, roundTwo),
      }),
    },
  ]
}

/** `npm run demo:results [folder]`: the two files, to try the import with (default .data/demo-results). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2] ?? '.data/demo-results'
  mkdirSync(folder, { recursive: true })
  for (const file of demoRaceFiles(new Date())) {
    writeFileSync(path.join(folder, file.fileName), file.bytes)
    console.log(`wrote ${path.join(folder, file.fileName)} (round ${file.round}, ${file.bytes.length} bytes)`)
  }
}
