import { formatLapMs } from '../lap-time.ts'
import { foldName } from './tracks.ts'
import type { ClassifiedCar, FinishStatus, ParsedLap, ParsedSession } from './types.ts'

/**
 * The rules every session follows once read, whatever game wrote it (docs/decisions/0424):
 * - the classification lists the classified cars first, then the retired, the non-starters and the
 *   disqualified, each in the file's order, so a disqualified winner gives his place up;
 * - each car's position within its class;
 * - a lap faster than half the session's median valid lap is no lap (a timing glitch, a car
 *   teleported back to its box): it is not valid, so it is neither a record nor a fastest lap.
 */

/** Laps under this share of the session's median valid lap are not valid. */
export const LAP_FLOOR_SHARE = 0.5

const statusOrder: Record<FinishStatus, number> = { finished: 0, dnf: 1, dns: 2, dq: 3 }

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The classification reordered and each car's class position; laps follow their car's new position. */
function reclassified(session: ParsedSession): Pick<ParsedSession, 'classification' | 'laps'> {
  const ordered = session.classification
    .map((car, i) => ({ car, i }))
    .sort((a, b) => statusOrder[a.car.status] - statusOrder[b.car.status] || a.i - b.i)
  const newPosition = new Map(ordered.map(({ car }, i) => [car.position, i + 1]))
  const inClass = new Map<string, number>()
  const classification = ordered.map(({ car }, i) => {
    const key = foldName(car.carClass)
    const classPosition = (inClass.get(key) ?? 0) + 1
    inClass.set(key, classPosition)
    return { ...car, position: i + 1, classPosition }
  })
  const laps = session.laps.map((lap) => ({ ...lap, carPosition: newPosition.get(lap.carPosition) ?? lap.carPosition }))
  return { classification, laps }
}

/** The session under the rules above; `repairs` says which laps the floor took out. */
export function classifySession(session: ParsedSession): ParsedSession {
  const { classification, laps } = reclassified(session)
  const middle = median(laps.filter((l) => l.valid).map((l) => l.lapMs))
  const floor = middle === undefined ? 0 : middle * LAP_FLOOR_SHARE
  const tooFast = laps.filter((l) => l.valid && l.lapMs < floor)
  const checked: ParsedLap[] = tooFast.length
    ? laps.map((l) => (l.valid && l.lapMs < floor ? { ...l, valid: false } : l))
    : laps
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
  const cars: ClassifiedCar[] = classification.map((car) => {
    if (hasLaps.has(car.position)) return { ...car, bestLapMs: bestOf.get(car.position) ?? null }
    return car.bestLapMs !== null && car.bestLapMs < floor ? { ...car, bestLapMs: null } : car
  })
  return { ...session, classification: cars, laps: checked, repairs }
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
