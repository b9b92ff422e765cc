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

/**
 * finished: classified (in qualifying and practice: with a valid time); dnf: retired, or not
 * classified under the 90% rule; dq: disqualified; dns: no lap completed; nt: laps but no valid
 * time (qualifying and practice only).
 */
export type FinishStatus = 'finished' | 'dnf' | 'dq' | 'dns' | 'nt'

/**
 * A driver as the file names them: `id` is the platform's id where the file has one (ACC's
 * `playerId`, a Steam or console id), which tells two drivers of one name apart and keeps a
 * driver who renamed himself between rounds one driver (docs/decisions/0424).
 */
export interface CarDriver {
  name: string
  id: string | null
  /**
   * For a driver without an id whom the owner told apart from another of his name at the import
   * ('ana lima~2'): who he is across rounds (src/lib/race-drivers.ts). Absent: his name.
   */
  key?: string
}

/** One car of the classification, in finishing order (position 1 first). */
export interface ClassifiedCar {
  position: number
  carNumber: string
  car: string
  /** The class the car races in, as the file says (ACC `carGroup`, LMU `CarClass`); '' when it says none. */
  carClass: string
  /** ACC's cup within the class (`cupCategory`: Pro-Am, Am, Silver, National); '' for the overall cup. */
  cup: string
  /** Position among the cars of its class (the overall position when the file has one class). */
  classPosition: number
  team: string
  /** Every driver who drove the car (endurance races have several); each scores the car's points. */
  drivers: CarDriver[]
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
  /** The driver's platform id (ACC), or null: the lap is credited to the driver who drove it. */
  driverId: string | null
  /** The classified position of the lap's car (its place in `classification`, from 1). */
  carPosition: number
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
  /** One name per circuit (src/lib/results/tracks.ts): `silverstone_2019` and `silverstone` are Silverstone. */
  track: string
  /** The layout or the year of the track's version ('2019', 'Sebring School'); '' when none. */
  trackVariant: string
  serverName: string
  /** When the session started: from the file (or ACC's file name) where it says, else the caller's `now`. */
  startedAt: Date
  /** Whether `startedAt` came from the file; when not, it is the import's time and says nothing of the race. */
  startKnown: boolean
  classification: ClassifiedCar[]
  laps: ParsedLap[]
  /** Laps the file lists without a time ('--.----', ACC's 0): counted, never stored or shown as a time. */
  lapsWithoutTime: number
  /** What was read other than as written, in words for the preview (a Windows-1252 name, a stray byte...). */
  repairs: string[]
}
