/**
 * A race result file as this site reads it, whatever wrote it (ACC's dedicated server, Le Mans
 * Ultimate or rFactor 2): one session, its classification and its laps. The parsers
 * (acc.ts, lmu.ts) turn a file into this; the import stores it (src/server/results).
 */

export type ResultFormat = 'acc' | 'lmu'
export type SessionType = 'race' | 'qualifying' | 'practice' | 'warmup'

export const formatLabels: Record<ResultFormat, string> = {
  acc: 'Assetto Corsa Competizione',
  lmu: 'Le Mans Ultimate / rFactor 2',
}

export const sessionTypeLabels: Record<SessionType, string> = {
  race: 'Race',
  qualifying: 'Qualifying',
  practice: 'Practice',
  warmup: 'Warm-up',
}

/** finished: classified; dnf: retired; dq: disqualified; dns: no lap completed. */
export type FinishStatus = 'finished' | 'dnf' | 'dq' | 'dns'

/** One car of the classification, in finishing order (position 1 first). */
export interface ClassifiedCar {
  position: number
  carNumber: string
  car: string
  team: string
  /** Every driver who drove the car (endurance races have several); each scores the car's points. */
  drivers: string[]
  laps: number
  totalTimeMs: number | null
  bestLapMs: number | null
  status: FinishStatus
  /** The starting position, when the file says (LMU / rFactor 2 races). */
  gridPosition: number | null
}

/** One timed lap. Only valid laps count for records; invalid ones are kept to be counted. */
export interface ParsedLap {
  driverName: string
  team: string
  car: string
  lapNumber: number
  lapMs: number
  valid: boolean
  /** When the lap ended (the session's start plus the time run so far). */
  setAt: Date
}

export interface ParsedSession {
  format: ResultFormat
  sessionType: SessionType
  track: string
  serverName: string
  /** When the session started: from the file where it says, else the caller's `now`. */
  startedAt: Date
  classification: ClassifiedCar[]
  laps: ParsedLap[]
}
