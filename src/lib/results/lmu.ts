import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { reSavedMessage, ResultFileError, type DecodedText } from './decode.ts'
import { lapMs, lapName, MAX_LAP_NUMBER, sessionOffsetMs, sessionStart } from './times.ts'
import { foldName, lmuTrack } from './tracks.ts'
import type { CarDriver, ClassifiedCar, FinishStatus, ParsedLap, ParsedSession, SessionType } from './types.ts'
import { guardXml, withoutDoctype } from './xml-guard.ts'

/**
 * Le Mans Ultimate and rFactor 2 result files (UserData/Log/Results/*.xml):
 * `<rFactorXML><RaceResults>` with `TrackVenue`, `DateTime` (Unix seconds) and one element per
 * session (`Practice1`, `Qualify`, `Warmup`, `Race`...), each with `<Driver>` blocks: `Name`,
 * `CarType`, `TeamName`, `CarNumber`, `Position`, `GridPos`, `Laps`, `BestLapTime` and
 * `FinishTime` in seconds, `FinishStatus`, and `<Lap num p et>seconds</Lap>` entries, where `et`
 * is the session time at the lap's start and a lap without a time reads `--.----`. `CarClass` is
 * the car's class; `<Swap startLap endLap>name</Swap>` says who drove which laps (an empty one is
 * the driver of `Name`). The names have no platform id.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Numbers are read field by field: a car number '007' stays '007'.
  parseTagValue: false,
  isArray: (name) => name === 'Driver' || name === 'Lap' || name === 'Swap',
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

/**
 * The games write a time they do not have as dashes ('--.----' for a lap, '--.---' for its start
 * when the lap began in the pits): a lap without a time, not an error. Empty is the same.
 */
export const noTime = (written: string): boolean => /^[-.:\s]*$/.test(written)

/** A number of seconds as written, or a refusal that names the lap and says what a time looks like. */
function readSeconds(written: string, says: () => string): number {
  const n = num(written)
  if (n === undefined) {
    throw new ResultFileError(
      `${says()}: a time is a number of seconds (such as 92.5684), or dashes (--.----) when there is none.`,
    )
  }
  return n
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

/**
 * A car's status as the games write it in `FinishStatus` (docs/decisions/0426): 'Finished Normally'
 * took the flag; 'DNF' retired ('DNS' with no lap); 'DQ' disqualified; 'None' in a race did not
 * take the flag (a car that stopped or left the server), so it is not classified either. In
 * qualifying and practice the status says nothing: the times decide (classify.ts).
 */
function statusOf(finishStatus: string, laps: number): FinishStatus {
  const s = finishStatus.trim().toLowerCase()
  if (s === 'dq' || s === 'dsq' || s.includes('disqualif')) return 'dq'
  if (laps <= 0) return 'dns'
  if (s === 'dnf' || s === 'none') return 'dnf'
  return 'finished'
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

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length

/** The element whose text holds `index` ('VehFile'), for the repair's words. */
function elementAt(text: string, index: number): string {
  const before = text.slice(Math.max(0, index - 2000), index)
  return /<([A-Za-z_][\w.-]*)[^<]*$/.exec(before)?.[1] ?? 'the document'
}

/** The word around `index` ('Gérard'), for the repair's words. */
function wordAt(text: string, index: number): string {
  let start = index
  let end = index + 1
  while (start > 0 && !/[\s<>"]/.test(text[start - 1]!)) start--
  while (end < text.length && !/[\s<>"]/.test(text[end]!)) end++
  return text.slice(start, end)
}

/** An `&` that begins no entity or character reference (rFactor 2 writes `&` in names and paths as it is). */
const rawAmpersand = /&(?![A-Za-z_][\w.-]*;|#\d+;|#x[\da-fA-F]+;)/g

/**
 * What rFactor 2 writes wrongly, read as it meant it (docs/decisions/0424), each repair in words:
 * names in Windows-1252 under a UTF-8 declaration (decode.ts), a stray byte after the root element,
 * a raw `&` in a name or a path. Whatever else is malformed stays refused.
 */
function repaired(decoded: DecodedText): { xml: string; repairs: string[] } {
  const repairs: string[] = []
  let xml = decoded.text
  const { rootEnd, doctype } = guardXml(xml)
  if (rootEnd !== undefined && xml.slice(rootEnd).trim()) {
    const root = /<\/([^\s>]+)\s*>$/.exec(xml.slice(0, rootEnd))?.[1] ?? 'the root element'
    const extra = xml.slice(rootEnd).trim().length
    repairs.push(
      `Ignored ${extra} ${extra === 1 ? 'character' : 'characters'} after </${root}>, the end of the results (rFactor 2 sometimes writes a stray byte there).`,
    )
    xml = xml.slice(0, rootEnd)
  }
  const reSaved = reSavedMessage(xml)
  if (reSaved) throw new ResultFileError(reSaved)
  const recoded = decoded.windows1252At.filter((at) => at < xml.length)
  if (recoded.length > 0) {
    const first = recoded[0]!
    repairs.push(
      `Read ${recoded.length} ${recoded.length === 1 ? 'character' : 'characters'} that ${recoded.length === 1 ? 'is' : 'are'} not UTF-8 as Windows-1252, as rFactor 2 writes names typed in the game (first: "${wordAt(xml, first)}", line ${lineAt(xml, first)}).`,
    )
  }
  const ampersands = [...xml.matchAll(rawAmpersand)].map((m) => m.index)
  if (ampersands.length > 0) {
    const first = ampersands[0]!
    repairs.push(
      `Read ${ampersands.length} '&' that ${ampersands.length === 1 ? 'begins' : 'begin'} no entity as the character & (first in <${elementAt(xml, first)}>, line ${lineAt(xml, first)}).`,
    )
    xml = xml.replace(rawAmpersand, '&amp;')
  }
  // Last, so that the offsets above are the file's: the games' document type, read by the guard.
  return { xml: doctype ? withoutDoctype(xml, doctype) : xml, repairs }
}

/** The document, or a ResultFileError saying what is wrong: nothing the parser throws escapes. */
function readXml(xml: string): Node {
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    const reason = `${valid.err.msg.replace(/\.$/, '')} (line ${valid.err.line})`
    // 'Cut short' only when the damage is on the file's last lines or an element is left open.
    const lastLine = xml.trimEnd().split('\n').length
    // The validator lists the elements left open at the end as "Invalid '[...]' found".
    if (valid.err.line >= lastLine - 1 || /unclosed|not closed|end|^Invalid '\[/i.test(valid.err.msg)) {
      throw new ResultFileError(`The XML file is damaged or incomplete: ${reason}. Was it cut short?`)
    }
    throw new ResultFileError(
      `The XML file is damaged in the middle: ${reason}, so nothing was imported. Upload the file as the game wrote it (UserData/Log/Results), not a copy changed by hand or by an editor.`,
    )
  }
  try {
    return parser.parse(xml) as Node
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ResultFileError(`The XML file cannot be read: ${reason.replace(/\.$/, '')}.`)
  }
}

/** The session's start: its own DateTime, else the file's; none (or 0) is unknown (the import time stands in). */
function startOf(session: Node, results: Node): Date | undefined {
  const raw = text(session.DateTime) || text(results.DateTime)
  if (!raw || raw === '0') return undefined
  return sessionStart(num(raw) ?? Number.NaN, raw, 'DateTime')
}

/** The drivers of a car, in the order they drove (its swaps), and who drove each lap. */
function driversOf(d: Node): { drivers: CarDriver[]; driverOfLap: (lap: number) => string } {
  const main = text(d.Name).replace(/\s+/g, ' ')
  const swaps = ((d.Swap as unknown[] | undefined) ?? []).map((swap) => {
    const node = (typeof swap === 'object' && swap ? swap : {}) as Node
    return {
      name: text(swap).replace(/\s+/g, ' ') || main,
      from: num(node['@_startLap']) ?? 0,
      to: num(node['@_endLap']) ?? Number.MAX_SAFE_INTEGER,
    }
  })
  const names: string[] = []
  for (const name of [...swaps.map((s) => s.name), main]) {
    if (name && !names.some((n) => foldName(n) === foldName(name))) names.push(name)
  }
  return {
    drivers: names.map((name) => ({ name, id: null })),
    driverOfLap: (lap) => swaps.find((s) => s.from <= lap && lap <= s.to)?.name ?? main,
  }
}

export function parseLmu(decoded: DecodedText, options: { now: Date }): ParsedSession {
  const { xml, repairs } = repaired(decoded)
  const document = readXml(xml)
  const results = (document.rFactorXML as Node | undefined)?.RaceResults as Node | undefined
  if (!results || typeof results !== 'object') {
    throw new ResultFileError(
      'This XML file is not an LMU / rFactor 2 result file: it has no <rFactorXML><RaceResults>.',
    )
  }
  const venue = text(results.TrackVenue)
  if (!venue) throw new ResultFileError('The LMU / rFactor 2 result file names no track (TrackVenue).')
  const session = mainSession(results)
  const drivers = ((session?.node.Driver as Node[] | undefined) ?? []).filter((d) => text(d.Name))
  if (!session || drivers.length === 0) {
    throw new ResultFileError('The LMU / rFactor 2 result file has no session with drivers.')
  }
  const start = startOf(session.node, results)
  const startedAt = start ?? options.now

  const rows = drivers.map((d, i) => {
    const laps = num(d.Laps) ?? 0
    return {
      d,
      position: num(d.Position) ?? i + 1,
      car: text(d.CarType) || text(d.VehName) || 'Unknown car',
      carClass: text(d.CarClass),
      team: text(d.TeamName),
      name: text(d.Name).replace(/\s+/g, ' '),
      ...driversOf(d),
      laps,
      status: statusOf(text(d.FinishStatus), laps),
    }
  })
  rows.sort((a, b) => a.position - b.position)
  const classification: ClassifiedCar[] = rows.map((r, i) => ({
    position: i + 1,
    carNumber: text(r.d.CarNumber),
    car: r.car,
    carClass: r.carClass,
    cup: '',
    classPosition: i + 1,
    team: r.team,
    drivers: r.drivers,
    laps: r.laps,
    totalTimeMs: secondsToMs(num(r.d.FinishTime)),
    bestLapMs: secondsToMs(num(r.d.BestLapTime)),
    status: r.status,
    gridPosition: num(r.d.GridPos) ?? null,
  }))

  const laps: ParsedLap[] = []
  let lapsWithoutTime = 0
  for (const [index, r] of rows.entries()) {
    let ran = 0
    for (const [i, lap] of ((r.d.Lap as Node[] | undefined) ?? []).entries()) {
      const lapNumber = lapNumberOf(lap as Node, i + 1, r.name)
      const driverName = r.driverOfLap(lapNumber)
      const name = () => lapName(lapNumber, driverName)
      const et = text((lap as Node)['@_et'])
      const start = noTime(et) ? undefined : readSeconds(et, () => `${name()} starts at et="${et}"`)
      if (start !== undefined) {
        sessionOffsetMs(start * 1000, () => `${name()} starts at et="${et}" seconds into the session`)
      }
      const written = text(lap)
      const seconds = noTime(written) ? undefined : readSeconds(written, () => `${name()} has a time of "${written}"`)
      if (seconds === undefined || seconds <= 0) {
        if (start !== undefined) ran = start
        lapsWithoutTime++
        continue
      }
      const ms = lapMs(seconds * 1000, () => `${name()} has a time of ${written} seconds`)
      const end = (start ?? ran) + seconds
      ran = end
      laps.push({
        driverName,
        driverId: null,
        carPosition: index + 1,
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
  const { track, variant } = lmuTrack(venue, text(results.TrackCourse))
  return {
    format: 'lmu',
    sessionType: session.kind,
    track,
    trackVariant: variant,
    serverName: text(results.ServerName),
    startedAt,
    startKnown: start !== undefined,
    classification,
    laps,
    lapsWithoutTime,
    repairs,
  }
}
