import { z } from 'zod'
import { accCarGroup, accCarName, accCups } from './acc-cars.ts'
import { ResultFileError } from './decode.ts'
import { lapMs, lapName, sessionOffsetMs } from './times.ts'
import { accTrack } from './tracks.ts'
import {
  sessionTypeLabels,
  type CarDriver,
  type ClassifiedCar,
  type FinishStatus,
  type ParsedLap,
  type ParsedSession,
  type SessionType,
} from './types.ts'

/**
 * Assetto Corsa Competizione dedicated-server result files (results/<yymmdd_hhmmss>_<R|Q|FP>.json):
 * `sessionType`, `trackName`, `serverName`, `sessionResult.leaderBoardLines` in finishing order
 * (each a car with its class `carGroup`, its cup `cupCategory`, its drivers with their platform
 * `playerId`, its timing in milliseconds and `missingMandatoryPitstop`), `laps` (each with `carId`,
 * `driverIndex`, `laptime`, `isValidForBest`) and `penalties` / `post_race_penalties`. A best lap
 * of 2147483647 means none. The file holds no date: the server's file name does.
 */

const NO_TIME = 2_147_483_647
const int = z.number().int()

const driver = z.object({
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  shortName: z.string().default(''),
  playerId: z.string().default(''),
})

const line = z.object({
  car: z.object({
    carId: int,
    raceNumber: int.default(0),
    carModel: int,
    carGroup: z.string().optional(),
    cupCategory: int.default(0),
    teamName: z.string().default(''),
    drivers: z.array(driver).min(1),
  }),
  timing: z.object({
    lapCount: int.min(0),
    totalTime: z.number().min(0).default(0),
    bestLap: z.number().min(0).default(NO_TIME),
  }),
  /** 1 when the car did not make the race's mandatory pit stop(s); 0 when it did, -1 when none was due. */
  missingMandatoryPitstop: int.default(0),
})

const penalty = z.object({ carId: int, penalty: z.string().default('') })

const lap = z.object({
  carId: int,
  driverIndex: int.min(0).default(0),
  laptime: z.number(),
  isValidForBest: z.boolean().default(true),
})

const accFile = z.object({
  sessionType: z.string(),
  trackName: z.string().trim().min(1),
  serverName: z.string().default(''),
  sessionResult: z.object({ leaderBoardLines: z.array(line) }),
  laps: z.array(lap).default([]),
  penalties: z.array(penalty).default([]),
  post_race_penalties: z.array(penalty).default([]),
})

/** Is this JSON document an ACC result file at all (rather than a damaged one)? */
export const looksLikeAcc = (json: unknown): boolean =>
  typeof json === 'object' && json !== null && ('sessionResult' in json || 'leaderBoardLines' in json)

const sessionTypes: Record<string, SessionType> = { R: 'race', Q: 'qualifying', FP: 'practice', P: 'practice' }

export function accSessionType(code: string): SessionType | undefined {
  return sessionTypes[code.trim().toUpperCase().replace(/\d+$/, '')]
}

/** ACC names its files <yymmdd>_<hhmmss>_<type>.json (the server's local time; read as UTC). */
export function accFileDate(fileName: string): Date | undefined {
  const m = /(\d{2})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})/.exec(fileName)
  if (!m) return undefined
  const [, yy, mo, dd, hh, mi, ss] = m.map(Number) as number[]
  const date = new Date(Date.UTC(2000 + yy!, mo! - 1, dd!, hh!, mi!, ss!))
  return Number.isNaN(date.getTime()) || date.getUTCMonth() !== mo! - 1 ? undefined : date
}

const fullName = (d: z.infer<typeof driver>) =>
  `${d.firstName} ${d.lastName}`.replace(/\s+/g, ' ').trim() || d.shortName.trim() || d.playerId.trim()

const carDriver = (d: z.infer<typeof driver>): CarDriver => ({ name: fullName(d), id: d.playerId.trim() || null })

/**
 * A car not classified as a finisher of a race completed fewer than this share of the winner's laps:
 * ACC writes no retirement, so the rule of most series' sporting regulations stands in.
 */
export const ACC_CLASSIFIED_SHARE = 0.9

/** ACC's penalty that takes a car out of the classification. */
const disqualified = (value: string) => /^(disqualified|dsq|dq)$/i.test(value.trim())

/**
 * The game's own rules, by each class (docs/decisions/0424, 0426): a car given a 'Disqualified'
 * penalty is disqualified; a car without a lap did not start; in a race, a car with fewer than 90%
 * of its class winner's laps is not classified (retired: ACC writes no retirement), whatever ACC
 * says of the mandatory stops it never reached; a car that reached the end having missed them
 * (`missingMandatoryPitstop` above 0; -1 and other negatives are 'none due') is disqualified, as the
 * server's handbook says. Qualifying and practice statuses follow from the times (classify.ts).
 */
function accStatus(
  l: z.infer<typeof line>,
  sessionType: SessionType,
  dsq: ReadonlySet<number>,
  classWinnerLaps: number,
): FinishStatus {
  if (dsq.has(l.car.carId)) return 'dq'
  if (l.timing.lapCount === 0) return 'dns'
  if (sessionType !== 'race') return 'finished'
  if (l.timing.lapCount < Math.floor(classWinnerLaps * ACC_CLASSIFIED_SHARE)) return 'dnf'
  if (l.missingMandatoryPitstop > 0) return 'dq'
  return 'finished'
}

/** ACC's class of a car: its `carGroup`, or, in files written before the server wrote one, its model's. */
const classOf = (l: z.infer<typeof line>) => l.car.carGroup?.trim().toUpperCase() || accCarGroup(l.car.carModel)

/** A time ACC writes, or null for its 'no time' (0, or 2147483647 and above). */
const accTime = (ms: number) => (ms > 0 && ms < NO_TIME ? Math.round(ms) : null)

/** The parsed file, or a ResultFileError saying what is missing. */
export function parseAcc(json: unknown, options: { fileName?: string; now: Date }): ParsedSession {
  const parsed = accFile.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
    throw new ResultFileError(
      `This JSON file is not an ACC result file we can read: ${where.replace(/^\./, '') || 'the document'} is missing or of the wrong kind.`,
    )
  }
  const file = parsed.data
  const sessionType = accSessionType(file.sessionType)
  if (!sessionType) throw new ResultFileError(`The ACC session type "${file.sessionType}" is not R, Q or FP.`)
  const lines = file.sessionResult.leaderBoardLines
  if (lines.length === 0) {
    // The server writes a file for a session nobody joined: nothing to import, and nothing to fix.
    throw new ResultFileError(
      `The ACC result file has no cars in its classification: nobody drove in this ${sessionTypeLabels[sessionType].toLowerCase()} (sessionResult.leaderBoardLines is empty), so there is nothing to import. Choose the file of a session that was run.`,
    )
  }
  const fileDate = options.fileName ? accFileDate(options.fileName) : undefined
  const startedAt = fileDate ?? options.now

  const dsq = new Set(
    [...file.penalties, ...file.post_race_penalties].filter((p) => disqualified(p.penalty)).map((p) => p.carId),
  )
  const classWinnerLaps = new Map<string, number>()
  for (const l of lines) {
    classWinnerLaps.set(classOf(l), Math.max(classWinnerLaps.get(classOf(l)) ?? 0, l.timing.lapCount))
  }
  const cars = new Map(lines.map((l, i) => [l.car.carId, { ...l.car, position: i + 1 }]))
  const classification: ClassifiedCar[] = lines.map((l, i) => ({
    position: i + 1,
    carNumber: String(l.car.raceNumber),
    car: accCarName(l.car.carModel),
    carClass: classOf(l),
    cup: accCups[l.car.cupCategory] ?? '',
    classPosition: i + 1,
    team: l.car.teamName.trim(),
    drivers: l.car.drivers.map(carDriver).filter((d) => d.name),
    laps: l.timing.lapCount,
    totalTimeMs: accTime(l.timing.totalTime),
    bestLapMs: accTime(l.timing.bestLap),
    status: accStatus(l, sessionType, dsq, classWinnerLaps.get(classOf(l))!),
    gridPosition: null,
  }))

  // A lap ends when the car's earlier laps and this one have been run: the time it was set.
  const elapsed = new Map<number, number>()
  const lapNumbers = new Map<number, number>()
  const laps: ParsedLap[] = []
  let lapsWithoutTime = 0
  for (const [index, l] of file.laps.entries()) {
    const car = cars.get(l.carId)
    if (!car) continue
    if (l.laptime <= 0 || l.laptime >= NO_TIME) {
      lapsWithoutTime++
      continue
    }
    const lapNumber = (lapNumbers.get(l.carId) ?? 0) + 1
    lapNumbers.set(l.carId, lapNumber)
    const d = car.drivers[l.driverIndex] ?? car.drivers[0]!
    // Worded only to refuse (a file has hundreds of thousands of laps).
    const which = () => lapName(lapNumber, fullName(d))
    const ms = lapMs(l.laptime, () => `${which()} has a time of ${l.laptime} ms (laps[${index}].laptime)`)
    const ran = (elapsed.get(l.carId) ?? 0) + l.laptime
    elapsed.set(l.carId, ran)
    const offset = sessionOffsetMs(
      ran,
      () =>
        `${which()} ends ${Math.round(ran / 3_600_000)} hours into the session (the car's laps added up, laps[${index}].laptime)`,
    )
    laps.push({
      driverName: fullName(d),
      driverId: d.playerId.trim() || null,
      carPosition: car.position,
      team: car.teamName.trim(),
      car: accCarName(car.carModel),
      lapNumber,
      lapMs: ms,
      valid: l.isValidForBest,
      setAt: new Date(startedAt.getTime() + offset),
    })
  }
  const { track, variant } = accTrack(file.trackName)
  return {
    format: 'acc',
    sessionType,
    track,
    trackVariant: variant,
    serverName: file.serverName.trim(),
    startedAt,
    startKnown: fileDate !== undefined,
    classification,
    laps,
    lapsWithoutTime,
    repairs: [],
  }
}
