import { driverKey } from './race-drivers.ts'
import type { CarDriver, ClassifiedCar, SessionType } from './results/types.ts'
import { foldName } from './results/tracks.ts'

export { driverKey } from './race-drivers.ts'

/**
 * A championship's points system, as the owner picks it (docs/decisions/0421): the points of each
 * finishing position of a race (position 1 first), and optional bonus points for the fastest lap
 * of a race and for pole position.
 */
export interface PointsSystem {
  positions: number[]
  fastestLap: number
  pole: number
}

/** Formula 1's points for positions 1 to 10. */
export const F1_POINTS: readonly number[] = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]

export const f1PointsSystem = (bonus: Partial<Pick<PointsSystem, 'fastestLap' | 'pole'>> = {}): PointsSystem => ({
  positions: [...F1_POINTS],
  fastestLap: bonus.fastestLap ?? 0,
  pole: bonus.pole ?? 0,
})

/** Whether a points list is F1's (the form shows 'F1' rather than the list). */
export const isF1Points = (positions: readonly number[]) =>
  positions.length === F1_POINTS.length && positions.every((p, i) => p === F1_POINTS[i])

/** 'Formula 1 points (25-18-...-1) + 1 for the fastest lap': the system in words, for the admin. */
export function describePointsSystem(system: PointsSystem): string {
  const base = isF1Points(system.positions)
    ? 'F1 points (25-18-15-12-10-8-6-4-2-1)'
    : `Points ${system.positions.join('-')}`
  const extras = [
    system.fastestLap > 0 ? `${system.fastestLap} for the fastest lap` : '',
    system.pole > 0 ? `${system.pole} for pole position` : '',
  ].filter(Boolean)
  return extras.length ? `${base}, plus ${extras.join(' and ')}` : base
}

/** One imported session of a championship, as scored. */
export interface ScoredSession {
  round: number
  sessionType: SessionType
  classification: readonly ClassifiedCar[]
}

export interface ChampionshipRow {
  position: number
  driverName: string
  team: string
  points: number
  wins: number
}

export interface ChampionshipTable {
  rows: ChampionshipRow[]
  /** Rounds with at least one race: the 'From race results' label's count. */
  roundsCounted: number
}

/**
 * Who set a lap, for the lap records: the platform id where the file has one (`id:S7656...`), else
 * the name folded (laps are grouped by car too, so two drivers of one name in two cars stay two).
 */
export const lapDriverKey = (driver: { name: string; id: string | null }) =>
  driver.id ? `id:${driver.id}` : driverKey(driver.name)

/** Drivers as stored: sessions imported before drivers had ids list names only. */
export const carDrivers = (car: Pick<ClassifiedCar, 'drivers'>): CarDriver[] =>
  (car.drivers as (CarDriver | string)[]).map((d) => (typeof d === 'string' ? { name: d, id: null } : d))

/** Whether a car races in `carClass` ('GT3'), or in its cup ('GT3 Pro-Am'); every car when none is given. */
export function inClass(car: Pick<ClassifiedCar, 'carClass' | 'cup'>, carClass: string | null | undefined): boolean {
  if (!carClass?.trim()) return true
  const wanted = foldName(carClass)
  const own = foldName(car.carClass ?? '')
  return own === wanted || foldName(`${car.carClass ?? ''} ${car.cup ?? ''}`) === wanted
}

/**
 * One key per driver across a championship's sessions (docs/decisions/0424, 0426): the platform id
 * where the file has one; a driver the owner told apart from another of his name at the import, his
 * key; a driver named without an id is the driver with an id who has had that name, when exactly
 * one has (an ACC round and an LMU round of one league make one row); otherwise his name, whatever
 * car he drives (src/lib/race-drivers.ts).
 */
function identities(sessions: readonly ScoredSession[]): (driver: CarDriver) => string {
  const idsOfName = new Map<string, Set<string>>()
  for (const s of sessions) {
    for (const car of s.classification) {
      for (const d of carDrivers(car)) {
        if (!d.id) continue
        const ids = idsOfName.get(driverKey(d.name)) ?? new Set()
        ids.add(d.id)
        idsOfName.set(driverKey(d.name), ids)
      }
    }
  }
  return (driver) => {
    if (driver.id) return `id:${driver.id}`
    if (driver.key) return `name:${driver.key}`
    const ids = idsOfName.get(driverKey(driver.name))
    if (ids?.size === 1) return `id:${[...ids][0]}`
    return `name:${driverKey(driver.name)}`
  }
}

export interface TableOptions {
  /** Only the cars of this class count ('GT3', or a cup such as 'GT3 Pro-Am'), by their class positions. */
  carClass?: string | null
}

/** A session's cars of the class, in order, each with its position among them. */
function ofClass(session: ScoredSession, carClass: string | null | undefined): ScoredSession {
  if (!carClass?.trim()) return session
  const cars = session.classification
    .filter((c) => inClass(c, carClass))
    .sort((a, b) => a.position - b.position)
    .map((c, i) => ({ ...c, position: i + 1 }))
  return { ...session, classification: cars }
}

interface Tally {
  name: string
  team: string
  points: number
  /** How often the driver finished a race in each position (index 0: wins): the count-back. */
  finishes: number[]
}

/** Points are added in hundredths, so that half points (12.5) never gather float dust. */
const cents = (points: number) => Math.round(points * 100)

/**
 * The championship table from every imported session: each race gives its points system's points
 * by finishing position to the drivers of every car classified as finished (a retired or
 * disqualified car scores nothing), plus the fastest-lap bonus to the finished car with the best
 * lap; pole points go to the winner of the round's qualifying, or, in a round without one, to the
 * car that started first. Every driver of a car scores the car's points (docs/decisions/0424: a
 * co-driver who drove one lap scores as the one who drove the rest). A class championship counts
 * only that class's cars, by their positions in the class. Drivers are told apart by their platform
 * id (identities above), and a driver is shown by the name of his latest round. Ties are broken by
 * count-back (more wins, then more second places...), then by name. Practice and warm-up score
 * nothing.
 */
export function championshipTable(
  sessions: readonly ScoredSession[],
  system: PointsSystem,
  options: TableOptions = {},
): ChampionshipTable {
  const tallies = new Map<string, Tally>()
  const identity = identities(sessions)
  const credit = (car: ClassifiedCar, centsWon: number, finish?: number) => {
    for (const driver of carDrivers(car)) {
      if (!driverKey(driver.name)) continue
      const key = identity(driver)
      const tally = tallies.get(key) ?? { name: driver.name, team: car.team, points: 0, finishes: [] }
      tally.name = driver.name.trim().replace(/\s+/g, ' ')
      if (car.team) tally.team = car.team
      tally.points += centsWon
      if (finish !== undefined) tally.finishes[finish - 1] = (tally.finishes[finish - 1] ?? 0) + 1
      tallies.set(key, tally)
    }
  }
  const ordered = [...sessions].map((s) => ofClass(s, options.carClass)).sort((a, b) => a.round - b.round)
  const rounds = [...new Set(ordered.map((s) => s.round))]
  let roundsCounted = 0
  for (const round of rounds) {
    const ofRound = ordered.filter((s) => s.round === round)
    const races = ofRound.filter((s) => s.sessionType === 'race')
    if (races.length > 0) roundsCounted++
    for (const race of races) {
      const finished = race.classification.filter((c) => c.status === 'finished')
      for (const car of race.classification) {
        const scores = car.status === 'finished'
        credit(car, scores ? cents(system.positions[car.position - 1] ?? 0) : 0, scores ? car.position : undefined)
      }
      if (system.fastestLap > 0) {
        const fastest = finished
          .filter((c) => c.bestLapMs !== null)
          .sort((a, b) => a.bestLapMs! - b.bestLapMs! || a.position - b.position)[0]
        if (fastest) credit(fastest, cents(system.fastestLap))
      }
    }
    if (system.pole > 0) {
      const qualifying = ofRound.filter((s) => s.sessionType === 'qualifying').at(-1)
      // The car that started first (of the class, in a class championship).
      const grid = races[0]?.classification
        .filter((c) => c.gridPosition !== null)
        .sort((a, b) => a.gridPosition! - b.gridPosition!)[0]
      // Pole: the fastest car of the qualifying with a valid time (it is ranked by time, classify.ts).
      const poleCar = qualifying
        ? [...qualifying.classification].sort((a, b) => a.position - b.position).find((c) => c.status === 'finished')
        : grid
      if (poleCar) credit(poleCar, cents(system.pole))
    }
  }
  const countBack = (a: Tally, b: Tally) => {
    const length = Math.max(a.finishes.length, b.finishes.length)
    for (let i = 0; i < length; i++) {
      const difference = (b.finishes[i] ?? 0) - (a.finishes[i] ?? 0)
      if (difference !== 0) return difference
    }
    return 0
  }
  const rows = [...tallies.values()]
    .sort((a, b) => b.points - a.points || countBack(a, b) || a.name.localeCompare(b.name))
    .map((t, i) => ({
      position: i + 1,
      driverName: t.name,
      team: t.team,
      points: t.points / 100,
      wins: t.finishes[0] ?? 0,
    }))
  return { rows, roundsCounted }
}
