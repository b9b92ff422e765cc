import { ResultFileError } from './decode.ts'

/**
 * Bounds on the numbers of a result file that become times and dates (docs/decisions/0421). A
 * number outside them is a damaged or forged file, refused in words naming the field, the driver
 * and the lap before it reaches `new Date` (an invalid date throws at `toISOString`) or the
 * database (`race_laps.lap_ms` is a positive integer, a timestamp has a range).
 */

/** No lap takes a day: the longest circuit is 25 km, and a car parked in its box is no lap time. */
export const MAX_LAP_MS = 24 * 60 * 60 * 1000
/** A session lasts at most a week (a 24-hour race lasts one day). */
export const MAX_SESSION_MS = 7 * 24 * 60 * 60 * 1000
const EARLIEST_START = Date.UTC(2000, 0, 1)
const LATEST_START = Date.UTC(2100, 0, 1)
export const MAX_LAP_NUMBER = 1_000_000

/** A session start given in Unix seconds; `field` and `raw` say where and what, for the message. */
export function sessionStart(seconds: number, raw: string, field: string): Date {
  const ms = seconds * 1000
  if (!Number.isFinite(ms) || ms < EARLIEST_START || ms >= LATEST_START) {
    throw new ResultFileError(
      `The session's start (${field} ${raw}) is not a date between 2000 and 2100 in Unix seconds.`,
    )
  }
  return new Date(Math.round(ms))
}

/**
 * A lap time in whole milliseconds. `says` words the lap and its value ('Lap 2 of Ana Lima has a
 * time of 0.3 ms'), called only to refuse: a file has hundreds of thousands of laps.
 */
export function lapMs(ms: number, says: () => string): number {
  const rounded = Math.round(ms)
  if (!Number.isFinite(ms) || rounded < 1 || rounded > MAX_LAP_MS) {
    throw new ResultFileError(`${says()}: a lap takes between 1 ms and 24 hours.`)
  }
  return rounded
}

/** How far into the session a lap started or ended, checked; `says` words it, as for lapMs. */
export function sessionOffsetMs(elapsedMs: number, says: () => string): number {
  if (!Number.isFinite(elapsedMs) || Math.abs(elapsedMs) > MAX_SESSION_MS) {
    throw new ResultFileError(`${says()}: a session lasts at most 7 days.`)
  }
  return Math.round(elapsedMs)
}

export const lapName = (lapNumber: number, driver: string) => `Lap ${lapNumber} of ${driver}`
