import { accCarModel } from '../../lib/results/acc-cars.ts'

/**
 * Race result files as the games write them (the formats of docs/decisions/0421), made from a
 * short description: an ACC dedicated-server JSON (UTF-16LE with its byte order mark by default,
 * as the server writes it) and an LMU / rFactor 2 XML. Tests, the demo seed and the benchmark use
 * them; nothing here is read back by the site except through the real parsers.
 */
export interface ResultCar {
  number: number
  /** A car name ACC knows (acc-cars.ts) for ACC files; any name for LMU. */
  car: string
  team?: string
  drivers: string[]
  /** Lap times in milliseconds, in the order they were driven. */
  laps: number[]
  /** Indexes (0-based) of laps that were not valid (track limits). */
  invalidLaps?: number[]
  gridPosition?: number
  /** LMU FinishStatus; ACC has none. */
  finishStatus?: 'Finished Normally' | 'DNF' | 'DQ' | 'None'
  /** ACC: the drivers' `playerId`s (default: one made up per driver and car). */
  playerIds?: string[]
  /** ACC `carGroup` (default GT3), LMU `CarClass` (default Hypercar). */
  carClass?: string
  /** ACC `cupCategory` (0 overall, 1 Pro-Am, 2 Am, 3 Silver, 4 National). */
  cupCategory?: number
  /** ACC: the car did not make the mandatory pit stop. */
  missedMandatoryPitstop?: boolean
  /** ACC: the index of the driver of each lap (default: the drivers take turns). */
  lapDrivers?: number[]
  /** LMU: who drove which laps (1-based, inclusive), as `<Swap startLap endLap>`; default: the first driver. */
  swaps?: { driver: string; from: number; to: number }[]
}

export interface ResultSession {
  /** ACC: a track id such as 'spa'; LMU: the venue, such as 'Circuit de la Sarthe'. */
  track: string
  type: 'race' | 'qualifying' | 'practice'
  serverName?: string
  /** LMU files carry the session's start (Unix seconds); ACC files carry it in the file name. */
  startedAt?: Date
  /** In finishing order. */
  cars: ResultCar[]
  /** ACC penalties: the car (its index in `cars`) and ACC's penalty ('Disqualified', 'DriveThrough'...). */
  penalties?: { car: number; penalty: string }[]
  /** LMU `TrackCourse` (default: the venue). */
  course?: string
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
const best = (car: ResultCar) => Math.min(...car.laps.filter((_, i) => !car.invalidLaps?.includes(i)), 2_147_483_647)

/** A made-up Steam id per name: one driver keeps his id from file to file, two names are two ids. */
function steamIdOf(name: string): string {
  let h = 0
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 1_000_000_000
  return `S7656119${String(h).padStart(9, '0')}`
}

function splitName(name: string) {
  const parts = name.trim().split(/\s+/)
  return { firstName: parts.slice(0, -1).join(' ') || parts[0]!, lastName: parts.length > 1 ? parts.at(-1)! : '' }
}

/** The ACC JSON document of a session. */
export function accDocument(session: ResultSession) {
  const type = { race: 'R', qualifying: 'Q', practice: 'FP' }[session.type]
  const carId = (i: number) => 1001 + i
  return {
    sessionType: type,
    trackName: session.track,
    sessionIndex: 1,
    raceWeekendIndex: 0,
    metaData: session.track,
    serverName: session.serverName ?? 'SimRacing Hub test server',
    sessionResult: {
      bestlap: Math.min(...session.cars.map(best)),
      bestSplits: [],
      isWetSession: 0,
      type: 1,
      leaderBoardLines: session.cars.map((car, i) => {
        const model = accCarModel(car.car)
        if (model === undefined) throw new Error(`ACC has no car named ${car.car}`)
        return {
          car: {
            carId: carId(i),
            raceNumber: car.number,
            carModel: model,
            cupCategory: car.cupCategory ?? 0,
            carGroup: car.carClass ?? 'GT3',
            teamName: car.team ?? '',
            nationality: 0,
            carGuid: -1,
            teamGuid: -1,
            drivers: car.drivers.map((name, d) => ({
              ...splitName(name),
              shortName: name.slice(0, 3).toUpperCase(),
              playerId: car.playerIds?.[d] ?? steamIdOf(name),
              nationality: 0,
            })),
          },
          currentDriver: { ...splitName(car.drivers[0]!), shortName: '', playerId: '', nationality: 0 },
          currentDriverIndex: 0,
          timing: {
            lastLap: car.laps.at(-1) ?? 0,
            lastSplits: [],
            bestLap: best(car),
            bestSplits: [],
            totalTime: sum(car.laps),
            lapCount: car.laps.length,
            lastSplitId: 0,
          },
          missingMandatoryPitstop: car.missedMandatoryPitstop ? 1 : 0,
          driverTotalTimes: [sum(car.laps)],
        }
      }),
    },
    laps: session.cars.flatMap((car, i) =>
      car.laps.map((laptime, lap) => ({
        carId: carId(i),
        driverIndex: car.lapDrivers?.[lap] ?? lap % car.drivers.length,
        laptime,
        isValidForBest: !car.invalidLaps?.includes(lap),
        // Three sectors, as the server writes them (not read by the site).
        splits: [
          Math.round(laptime * 0.31),
          Math.round(laptime * 0.37),
          laptime - Math.round(laptime * 0.31) - Math.round(laptime * 0.37),
        ],
      })),
    ),
    penalties: (session.penalties ?? []).map((p) => ({
      carId: carId(p.car),
      driverIndex: 0,
      reason: 'Cutting',
      penalty: p.penalty,
      penaltyValue: 0,
      violationInLap: 0,
      clearedInLap: 0,
    })),
    post_race_penalties: [],
  }
}

/** ACC writes UTF-16LE with a byte order mark; `encoding: 'utf-8'` is a file re-saved by hand. */
export function accResultFile(session: ResultSession, encoding: 'utf-16le' | 'utf-8' = 'utf-16le'): Uint8Array {
  const json = JSON.stringify(accDocument(session), null, 2)
  if (encoding === 'utf-8') return new TextEncoder().encode(json)
  const body = Buffer.from(json, 'utf16le')
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), body]))
}

/** ACC's own file name for a session that started at `at`: 251124_203012_R.json. */
export function accFileName(at: Date, type: ResultSession['type']): string {
  const p = (n: number) => String(n).padStart(2, '0')
  const code = { race: 'R', qualifying: 'Q', practice: 'FP' }[type]
  return `${p(at.getUTCFullYear() % 100)}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}_${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}_${code}.json`
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const seconds = (ms: number) => (ms / 1000).toFixed(4)

/** The LMU / rFactor 2 XML of a session (UTF-8). */
export function lmuResultFile(session: ResultSession): Uint8Array {
  const element = { race: 'Race', qualifying: 'Qualify', practice: 'Practice1' }[session.type]
  const start = Math.floor((session.startedAt ?? new Date('2026-11-20T18:00:00Z')).getTime() / 1000)
  const drivers = session.cars
    .map((car, i) => {
      let et = 0
      const laps = car.laps
        .map((ms, lap) => {
          const line = car.invalidLaps?.includes(lap)
            ? `<Lap num="${lap + 1}" p="${i + 1}" et="${seconds(et)}">--.----</Lap>`
            : `<Lap num="${lap + 1}" p="${i + 1}" et="${seconds(et)}" s1="0" s2="0" s3="0">${seconds(ms)}</Lap>`
          et += ms
          return `        ${line}`
        })
        .join('\n')
      const bestLap = best(car)
      const swaps = (car.swaps ?? [{ driver: car.drivers[0]!, from: 1, to: car.laps.length }])
        .map((w) => `<Swap startLap="${w.from}" endLap="${w.to}">${xml(w.driver)}</Swap>`)
        .join('')
      const lastDriver = car.swaps?.at(-1)?.driver ?? car.drivers[0]!
      return `      <Driver>
        <Name>${xml(lastDriver)}</Name>
        <Connected>1</Connected>
        <VehName>${xml(car.car)} #${car.number}</VehName>
        <CarType>${xml(car.car)}</CarType>
        <CarClass>${xml(car.carClass ?? 'Hypercar')}</CarClass>
        <CarNumber>${car.number}</CarNumber>
        <TeamName>${xml(car.team ?? '')}</TeamName>
        <isPlayer>0</isPlayer>
        <GridPos>${car.gridPosition ?? i + 1}</GridPos>
        <Position>${i + 1}</Position>
        <ClassPosition>${i + 1}</ClassPosition>
${laps}
        <BestLapTime>${bestLap < 2_147_483_647 ? seconds(bestLap) : ''}</BestLapTime>
        <FinishTime>${seconds(sum(car.laps))}</FinishTime>
        <Laps>${car.laps.length}</Laps>
        <Pitstops>0</Pitstops>
        <FinishStatus>${car.finishStatus ?? 'Finished Normally'}</FinishStatus>
        ${swaps}
      </Driver>`
    })
    .join('\n')
  // Every LMU / rFactor 2 result file opens with this document type (docs/decisions/0426).
  const text = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE rF [
<!ENTITY rFEnt "rFactor Entity">
]>
<rFactorXML version="1.0">
  <RaceResults>
    <Setting>Multiplayer</Setting>
    <ServerName>${xml(session.serverName ?? 'SimRacing Hub test server')}</ServerName>
    <DateTime>${start}</DateTime>
    <TimeString>${new Date(start * 1000).toISOString()}</TimeString>
    <TrackVenue>${xml(session.track)}</TrackVenue>
    <TrackCourse>${xml(session.course ?? session.track)}</TrackCourse>
    <TrackLength>13626.0</TrackLength>
    <${element}>
      <DateTime>${start}</DateTime>
      <TimeString>${new Date(start * 1000).toISOString()}</TimeString>
      <Laps>2147483647</Laps>
      <Minutes>120</Minutes>
${drivers}
    </${element}>
  </RaceResults>
</rFactorXML>
`
  return new TextEncoder().encode(text)
}
