import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { ResultFileError } from './decode.ts'
import { lapMs, lapName, MAX_LAP_NUMBER, sessionOffsetMs, sessionStart } from './times.ts'
import type { ClassifiedCar, FinishStatus, ParsedLap, ParsedSession, SessionType } from './types.ts'
import { guardXml } from './xml-guard.ts'

/**
 * Le Mans Ultimate and rFactor 2 result files (UserData/Log/Results/*.xml):
 * `<rFactorXML><RaceResults>` with `TrackVenue`, `DateTime` (Unix seconds) and one element per
 * session (`Practice1`, `Qualify`, `Warmup`, `Race`...), each with `<Driver>` blocks: `Name`,
 * `CarType`, `TeamName`, `CarNumber`, `Position`, `GridPos`, `Laps`, `BestLapTime` and
 * `FinishTime` in seconds, `FinishStatus`, and `<Lap num p et>seconds</Lap>` entries, where `et`
 * is the session time at the lap's start and a lap without a time reads `--.----`.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Numbers are read field by field: a car number '007' stays '007'.
  parseTagValue: false,
  isArray: (name) => name === 'Driver' || name === 'Lap',
})

type Node = Record<string, unknown>

const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number') return String(value)
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text'])
  return ''
}

/** A number as the file writes it (exponents included, so 1e20 is read and then refused). */
const num = (value: unknown): number | undefined => {
  const t = text(value)
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return undefined
  const n = Number(t)
  return Number.isFinite(n) ? n : undefined
}

const sessionKinds: [RegExp, SessionType][] = [
  [/^Race\d*$/, 'race'],
  [/^Qualify\d*$/, 'qualifying'],
  [/^Warmup$/, 'warmup'],
  [/^Practice\d*$/, 'practice'],
]

const kindOf = (element: string): SessionType | undefined => sessionKinds.find(([re]) => re.test(element))?.[1]

/** The session a file stands for: its race, else its qualifying, else the last other session. */
function mainSession(results: Node): { element: string; kind: SessionType; node: Node } | undefined {
  const sessions = Object.entries(results)
    .map(([element, node]) => ({ element, kind: kindOf(element), node: node as Node }))
    .filter((s): s is { element: string; kind: SessionType; node: Node } => s.kind !== undefined && !!s.node)
  const last = (kind: SessionType) => sessions.filter((s) => s.kind === kind).at(-1)
  return last('race') ?? last('qualifying') ?? sessions.at(-1)
}

function statusOf(finishStatus: string, laps: number): FinishStatus {
  const s = finishStatus.toLowerCase()
  if (s === 'dq' || s.includes('disqualif')) return 'dq'
  if (s === 'dnf') return 'dnf'
  return laps > 0 ? 'finished' : 'dns'
}

const secondsToMs = (s: number | undefined) => (s !== undefined && s > 0 ? Math.round(s * 1000) : null)

/** A lap's `num`, or its place in the list when the file gives none. */
function lapNumberOf(lap: Node, place: number, driver: string): number {
  const raw = text(lap['@_num'])
  if (!raw) return place
  const n = num(raw)
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > MAX_LAP_NUMBER) {
    throw new ResultFileError(
      `A lap of ${driver} is numbered num="${raw}": a lap number is a whole number from 1 to ${MAX_LAP_NUMBER}.`,
    )
  }
  return n
}

export const looksLikeXml = (text: string): boolean => /^\s*</.test(text)

/** The document, or a ResultFileError saying what is wrong: nothing the parser throws escapes. */
function readXml(xml: string): Node {
  guardXml(xml)
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    throw new ResultFileError(
      `The XML file is damaged or incomplete: ${valid.err.msg.replace(/\.$/, '')} (line ${valid.err.line}). Was it cut short?`,
    )
  }
  try {
    return parser.parse(xml) as Node
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ResultFileError(`The XML file cannot be read: ${reason.replace(/\.$/, '')}.`)
  }
}

/** The session's start: its own DateTime, else the file's; none (or 0) means the import time. */
function startOf(session: Node, results: Node, now: Date): Date {
  const raw = text(session.DateTime) || text(results.DateTime)
  if (!raw || raw === '0') return now
  return sessionStart(num(raw) ?? Number.NaN, raw, 'DateTime')
}

export function parseLmu(xml: string, options: { now: Date }): ParsedSession {
  const document = readXml(xml)
  const results = (document.rFactorXML as Node | undefined)?.RaceResults as Node | undefined
  if (!results || typeof results !== 'object') {
    throw new ResultFileError(
      'This XML file is not an LMU / rFactor 2 result file: it has no <rFactorXML><RaceResults>.',
    )
  }
  const track = text(results.TrackVenue)
  if (!track) throw new ResultFileError('The LMU / rFactor 2 result file names no track (TrackVenue).')
  const session = mainSession(results)
  const drivers = ((session?.node.Driver as Node[] | undefined) ?? []).filter((d) => text(d.Name))
  if (!session || drivers.length === 0) {
    throw new ResultFileError('The LMU / rFactor 2 result file has no session with drivers.')
  }
  const startedAt = startOf(session.node, results, options.now)

  const rows = drivers.map((d, i) => {
    const laps = num(d.Laps) ?? 0
    return {
      d,
      position: num(d.Position) ?? i + 1,
      car: text(d.CarType) || text(d.VehName) || 'Unknown car',
      team: text(d.TeamName),
      name: text(d.Name).replace(/\s+/g, ' '),
      laps,
      status: statusOf(text(d.FinishStatus), laps),
    }
  })
  rows.sort((a, b) => a.position - b.position)
  const classification: ClassifiedCar[] = rows.map((r, i) => ({
    position: i + 1,
    carNumber: text(r.d.CarNumber),
    car: r.car,
    team: r.team,
    drivers: [r.name],
    laps: r.laps,
    totalTimeMs: secondsToMs(num(r.d.FinishTime)),
    bestLapMs: secondsToMs(num(r.d.BestLapTime)),
    status: r.status,
    gridPosition: num(r.d.GridPos) ?? null,
  }))

  const laps: ParsedLap[] = []
  for (const r of rows) {
    let ran = 0
    for (const [i, lap] of ((r.d.Lap as Node[] | undefined) ?? []).entries()) {
      const lapNumber = lapNumberOf(lap as Node, i + 1, r.name)
      const name = () => lapName(lapNumber, r.name)
      const et = text((lap as Node)['@_et'])
      const start = et ? (num(et) ?? Number.NaN) : undefined
      if (start !== undefined) {
        sessionOffsetMs(start * 1000, () => `${name()} starts at et="${et}" seconds into the session`)
      }
      const seconds = num(lap)
      if (seconds === undefined || seconds <= 0) {
        if (start !== undefined) ran = start
        continue
      }
      const ms = lapMs(seconds * 1000, () => `${name()} has a time of ${text(lap)} seconds`)
      const end = (start ?? ran) + seconds
      ran = end
      laps.push({
        driverName: r.name,
        team: r.team,
        car: r.car,
        lapNumber,
        lapMs: ms,
        valid: true,
        setAt: new Date(
          startedAt.getTime() +
            sessionOffsetMs(end * 1000, () => `${name()} ends ${Math.round(end)} seconds into the session`),
        ),
      })
    }
  }
  return {
    format: 'lmu',
    sessionType: session.kind,
    track,
    serverName: text(results.ServerName),
    startedAt,
    classification,
    laps,
  }
}
