import { formatLapMs } from '../lap-time.ts'
import { foldName } from './tracks.ts'
import type { ClassifiedCar, FinishStatus, ParsedLap, ParsedSession } from './types.ts'

/**
 * The rules every session follows once read, whatever game wrote it (docs/decisions/0424, 0426):
 * - a lap faster than half the session's median valid lap is no lap (a timing glitch, a car
 *   teleported back to its box): it is not valid, so it is neither a record nor a fastest lap;
 * - a car's best lap is its fastest valid lap where the file lists its laps;
 * - a race lists its classified cars first, then the retired, the non-starters and the
 *   disqualified, each in the file's order, so a disqualified winner gives his place up (the
 *   statuses are the reader's: each game says them its own way);
 * - qualifying and practice rank the cars by their best valid lap (the file's order between equal
 *   times), then the cars without one in the file's order (a car that ran without a valid time has
 *   'no time'), then the disqualified;
 * - each car's position within its class, in that order.
 */

/** Laps under this share of the session's median valid lap are not valid. */
export const LAP_FLOOR_SHARE = 0.5

const raceOrder: Record<FinishStatus, number> = { finished: 0, dnf: 1, nt: 1, dns: 2, dq: 3 }

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** A qualifying or practice car's status from its time: a time ranks it, laps without one are 'no time'. */
function timedStatus(car: ClassifiedCar, ranLaps: boolean): FinishStatus {
  if (car.status === 'dq') return 'dq'
  if (car.bestLapMs !== null) return 'finished'
  return car.laps > 0 || ranLaps ? 'nt' : 'dns'
}

/** The cars in the session's order with their positions and class positions; laps follow their car. */
function ordered(
  sessionType: ParsedSession['sessionType'],
  cars: ClassifiedCar[],
  laps: ParsedLap[],
): Pick<ParsedSession, 'classification' | 'laps'> {
  const race = sessionType === 'race'
  const rank = (car: ClassifiedCar) =>
    race ? raceOrder[car.status] : car.status === 'dq' ? 2 : car.status === 'finished' ? 0 : 1
  const sorted = cars
    .map((car, i) => ({ car, i }))
    .sort(
      (a, b) =>
        rank(a.car) - rank(b.car) ||
        (!race && a.car.status === 'finished' && b.car.status === 'finished'
          ? a.car.bestLapMs! - b.car.bestLapMs!
          : 0) ||
        a.i - b.i,
    )
  const newPosition = new Map(sorted.map(({ car }, i) => [car.position, i + 1]))
  const inClass = new Map<string, number>()
  const classification = sorted.map(({ car }, i) => {
    const key = foldName(car.carClass)
    const classPosition = (inClass.get(key) ?? 0) + 1
    inClass.set(key, classPosition)
    return { ...car, position: i + 1, classPosition }
  })
  return {
    classification,
    laps: laps.map((lap) => ({ ...lap, carPosition: newPosition.get(lap.carPosition) ?? lap.carPosition })),
  }
}

/** The session under the rules above; `repairs` says which laps the floor took out. */
export function classifySession(session: ParsedSession): ParsedSession {
  const middle = median(session.laps.filter((l) => l.valid).map((l) => l.lapMs))
  const floor = middle === undefined ? 0 : middle * LAP_FLOOR_SHARE
  const tooFast = session.laps.filter((l) => l.valid && l.lapMs < floor)
  const checked: ParsedLap[] = tooFast.length
    ? session.laps.map((l) => (l.valid && l.lapMs < floor ? { ...l, valid: false } : l))
    : session.laps
  const repairs = [...session.repairs]
  if (tooFast.length > 0) {
    const first = tooFast[0]!
    repairs.push(
      `${tooFast.length} ${tooFast.length === 1 ? 'lap is' : 'laps are'} not counted as valid: faster than half the session's median valid lap (${formatLapMs(Math.round(floor))}), such as lap ${first.lapNumber} of ${first.driverName} in ${formatLapMs(first.lapMs)}.`,
    )
  }
  // A car's best lap is its fastest valid lap where the file lists its laps; the file's own figure
  // stands only for a car without laps in the list, and not under the floor either.
  const bestOf = new Map<number, number>()
  const hasLaps = new Set<number>()
  for (const lap of checked) {
    hasLaps.add(lap.carPosition)
    if (!lap.valid) continue
    const best = bestOf.get(lap.carPosition)
    if (best === undefined || lap.lapMs < best) bestOf.set(lap.carPosition, lap.lapMs)
  }
  const cars: ClassifiedCar[] = session.classification.map((car) => {
    const withBest = hasLaps.has(car.position)
      ? { ...car, bestLapMs: bestOf.get(car.position) ?? null }
      : car.bestLapMs !== null && car.bestLapMs < floor
        ? { ...car, bestLapMs: null }
        : car
    if (session.sessionType === 'race') return withBest
    return { ...withBest, status: timedStatus(withBest, hasLaps.has(car.position)) }
  })
  return { ...session, ...ordered(session.sessionType, cars, checked), repairs }
}

/**
 * What a session is, whatever bytes carried it (docs/decisions/0424): its circuit, its kind, its
 * start when the file's content gives one (LMU's DateTime; ACC's start is only in the file's name,
 * which a copy need not keep), its classification (cars, drivers, laps, times, statuses) and its
 * valid laps. The same race saved as UTF-16 or UTF-8, or with a trailing newline, or renamed, is the
 * same text here; the import keeps its SHA-256 and refuses a second one.
 */
export function sessionFingerprint(session: ParsedSession): string {
  const laps = session.laps
    .filter((l) => l.valid)
    .map((l) => [l.carPosition, foldName(l.driverName), l.lapNumber, l.lapMs] as const)
    .sort((a, b) => a[0] - b[0] || a[2] - b[2] || a[3] - b[3] || a[1].localeCompare(b[1]))
  return JSON.stringify({
    track: foldName(session.track),
    type: session.sessionType,
    start: session.format === 'lmu' && session.startKnown ? session.startedAt.getTime() : null,
    cars: session.classification.map((c) => [
      c.position,
      c.carNumber,
      foldName(c.car),
      c.drivers.map((d) => d.id ?? foldName(d.name)),
      c.laps,
      c.totalTimeMs,
      c.status,
    ]),
    laps,
  })
}
