/**
 * A championship's own page (issue 45, docs/decisions/0873): `/championships/{id}/{slug}`, with the
 * whole table, each round's classification and the sessions ahead. The id decides, as for an
 * article (docs/decisions/0871): `/championships/{id}` and any other slug answer 301.
 */
import { formatLapMs } from './lap-time.ts'
import { slugOfTitle } from './news-address.ts'
import type { ClassifiedCar, FinishStatus } from './results/types.ts'

/** The championship's page. */
export const championshipPath = (set: { id: number; championshipName: string }): string =>
  `/championships/${set.id}/${slugOfTitle(set.championshipName)}`

const STATUS: Record<FinishStatus, string> = {
  finished: 'Finished',
  dnf: 'Retired',
  dq: 'Disqualified',
  dns: 'Did not start',
  nt: 'No time',
}

/** One line of a round's classification as the page shows it. */
export interface ClassificationLine {
  /** Within the car's class (the overall position when the race has one class). */
  classPosition: number
  position: number
  carNumber: string
  carClass: string
  drivers: string
  team: string
  car: string
  laps: number
  bestLap: string
  status: string
  /** The class winner's race time; '+12.345' behind it on the same lap; '+2 laps'; '' when none applies. */
  gap: string
}

/** The gap of a car to its class winner, in the way result sheets write it. */
function gapOf(car: ClassifiedCar, winner: ClassifiedCar | undefined): string {
  if (car.status !== 'finished' || !winner) return ''
  if (car === winner) return car.totalTimeMs !== null ? formatLapMs(car.totalTimeMs) : ''
  const down = winner.laps - car.laps
  if (down > 0) return `+${down} ${down === 1 ? 'lap' : 'laps'}`
  if (car.totalTimeMs === null || winner.totalTimeMs === null) return ''
  return `+${(Math.max(0, car.totalTimeMs - winner.totalTimeMs) / 1000).toFixed(3)}`
}

/** A session's classification, in the file's order, with each car's class position and gap. */
export function classificationLines(cars: readonly ClassifiedCar[]): ClassificationLine[] {
  const winners = new Map<string, ClassifiedCar>()
  for (const car of cars) {
    if (car.classPosition === 1 && !winners.has(car.carClass)) winners.set(car.carClass, car)
  }
  return [...cars]
    .sort((a, b) => a.position - b.position)
    .map((car) => ({
      classPosition: car.classPosition,
      position: car.position,
      carNumber: car.carNumber,
      carClass: car.carClass,
      drivers: car.drivers.map((d) => d.name).join(', '),
      team: car.team,
      car: car.car,
      laps: car.laps,
      bestLap: car.bestLapMs !== null ? formatLapMs(car.bestLapMs) : '',
      status: STATUS[car.status],
      gap: gapOf(car, winners.get(car.carClass)),
    }))
}

const SESSION_NAMES: Record<string, string> = {
  race: 'Race',
  qualifying: 'Qualifying',
  practice: 'Practice',
  warmup: 'Warm-up',
}

/** A session's name on the page ('Round 3 · Race'). */
export const sessionTitle = (round: number, sessionType: string): string =>
  `Round ${round} · ${SESSION_NAMES[sessionType] ?? sessionType}`

/** The anchor of a session's classification on its championship's page: 'result-1' for the first. */
export const resultAnchor = (index: number): string => `result-${index + 1}`

/** A session as the page's JSON-LD describes it: its title, circuit, start, anchor and class winners. */
export function roundData(
  session: {
    round: number
    sessionType: string
    track: string
    startedAt: Date
    classification: readonly ClassifiedCar[]
  },
  index: number,
) {
  const lines = classificationLines(session.classification)
  const classes = new Set(lines.map((l) => l.carClass)).size > 1
  return {
    title: sessionTitle(session.round, session.sessionType),
    track: session.track,
    startedAt: session.startedAt,
    anchor: resultAnchor(index),
    winners: lines
      .filter((l) => l.classPosition === 1)
      .map((l) => `${l.carNumber ? `#${l.carNumber} ` : ''}${l.drivers}${classes ? ` (${l.carClass})` : ''}`),
  }
}
