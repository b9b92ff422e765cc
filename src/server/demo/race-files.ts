/**
 * The demo's race result files (docs/decisions/0421): an ACC server's race at Monza (UTF-16LE JSON,
 * as the server writes it) and a Le Mans Ultimate race at Spa (XML), 16 drivers each, made in the
 * documented formats from a seeded random sequence; the demo seed imports them into the 'Sim GT Cup'
 * championship as rounds 1 and 2, and puts its six rounds on the race calendar. `npm run
 * demo:results [folder]` (scripts/demo/next-round.ts) writes round 3, raced the day before at
 * Silverstone and not imported yet, to try the import with (decision 0424: the seed's own files
 * would be refused as duplicates).
 */
import { accFileName, accResultFile, lmuResultFile, type ResultCar } from './result-files.ts'

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

const day = 86_400_000
/** The evening (19:00 UTC) `days` after the day of `now`: the demo's rounds and calendar line up. */
export const demoEvening = (now: Date, days: number) =>
  new Date(Math.floor(now.getTime() / day) * day + days * day + 19 * 3_600_000)

const roundOneAt = (now: Date) => new Date(Math.floor((now.getTime() - 9 * day) / 60_000) * 60_000)
const roundTwoAt = (now: Date) => new Date(Math.floor((now.getTime() - 2 * day) / 60_000) * 60_000)

/** Round 1 at Monza (ACC) nine days before `now`, round 2 at Spa (LMU) two days before. */
export function demoRaceFiles(now: Date): DemoRaceFile[] {
  const monza = roundOneAt(now)
  const spa = roundTwoAt(now)
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

/**
 * Round 3, the demo's next round: an ACC race at Silverstone (its 2019 scan: one track with
 * Silverstone) the evening before `now`, not imported by the seed. The same every time on one day;
 * on another day only its file name's date differs, and a second import is refused as the same race.
 */
export function demoNextRound(now: Date): DemoRaceFile {
  const roundThree = [0, 3, 1, 2, 6, 4, 9, 7, 11, 5, 8, 10, 13, 12, 15, 14]
  return {
    round: 3,
    fileName: accFileName(demoEvening(now, -1), 'race'),
    bytes: accResultFile({
      track: 'silverstone_2019',
      type: 'race',
      serverName: 'Sim GT Cup | Round 3 | Silverstone',
      cars: race(2026_3, 118_600, 12, accCars, roundThree),
    }),
  }
}

/**
 * The cup's six rounds on the race calendar (docs/decisions/0425): the two the seed imports, round 3
 * (raced, its file from `npm run demo:results`), and three ahead; a qualifying half an hour before
 * each race.
 */
export function demoCupCalendar(now: Date) {
  const rounds: [string, string, Date][] = [
    ['Monza 60', 'Monza', roundOneAt(now)],
    ['Spa 60', 'Circuit de Spa-Francorchamps', roundTwoAt(now)],
    ['Silverstone 60', 'Silverstone', demoEvening(now, -1)],
    ['Nürburgring 60', 'Nürburgring', demoEvening(now, 6)],
    ['Suzuka 60', 'Suzuka', demoEvening(now, 13)],
    ['Kyalami 60', 'Kyalami', demoEvening(now, 20)],
  ]
  return rounds.map(([name, track, race], i) => ({
    round: i + 1,
    name,
    track,
    sessions: [
      { name: 'Qualifying', startsAt: new Date(race.getTime() - 30 * 60_000), durationMinutes: 20 },
      { name: 'Race', startsAt: race, durationMinutes: 60 },
    ],
  }))
}
