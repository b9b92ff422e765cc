import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { ResultFileError } from './decode.ts'
import type { ClassifiedCar, FinishStatus, ParsedLap, ParsedSession, SessionType } from './types.ts'

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

const num = (value: unknown): number | undefined => {
  const t = text(value)
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined
  return Number(t)
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

export const looksLikeXml = (text: string): boolean => /^\s*</.test(text)

export function parseLmu(xml: string, options: { now: Date }): ParsedSession {
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    throw new ResultFileError(
      `The XML file is damaged or incomplete: ${valid.err.msg.replace(/\.$/, '')} (line ${valid.err.line}). Was it cut short?`,
    )
  }
  const document = parser.parse(xml) as Node
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
  const when = num(session.node.DateTime) ?? num(results.DateTime)
  const startedAt = when !== undefined && when > 0 ? new Date(when * 1000) : options.now

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
      const seconds = num(lap)
      const start = num((lap as Node)['@_et'])
      if (seconds === undefined || seconds <= 0) {
        if (start !== undefined) ran = start
        continue
      }
      const end = (start ?? ran) + seconds
      ran = end
      laps.push({
        driverName: r.name,
        team: r.team,
        car: r.car,
        lapNumber: num((lap as Node)['@_num']) ?? i + 1,
        lapMs: Math.round(seconds * 1000),
        valid: true,
        setAt: new Date(startedAt.getTime() + Math.round(end * 1000)),
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
