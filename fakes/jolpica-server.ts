import { createServer, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'

/**
 * A fake of Jolpica-F1 (the Ergast-compatible API) on 127.0.0.1, never the internet:
 *   GET /ergast/<series>/<season>/driverstandings/   MRData.StandingsTable.StandingsLists[].DriverStandings[]
 *   GET /ergast/<series>/<season>/races/             MRData.RaceTable.Races[] with their sessions in UTC,
 *                                                    MRData.total (the rounds of the season)
 * Answers are pages as Jolpica's are (`?limit=` up to `pageLimit`, default 100 as Jolpica's, and
 * `&offset=`; MRData.limit, offset and total say which). Tables and schedules are set per test
 * (setStandings, setSchedule); a season without a table answers as Jolpica does for a season not
 * started (no standings lists). `schedule: 'around-now'` serves a season of Grand Prix weekends
 * around the day the fake started for 'current' (the end-to-end sites' F1 calendar). Failures are
 * queued (a status, no answer, not JSON). The same controls are HTTP endpoints under /__fake/ for the
 * end-to-end tests (tests/helpers/e2e-jolpica.ts).
 */
export interface FakeDriver {
  givenName: string
  familyName: string
  team: string
  points: number
  wins?: number
}

export interface FakeTable {
  /** The season Jolpica names ('current' is answered with this). */
  season: string
  round: number
  totalRounds: number
  /** In championship order. */
  drivers: FakeDriver[]
}

/** A Grand Prix weekend as the fake serves it: the race and its other sessions, in UTC. */
export interface FakeRace {
  round: number
  raceName: string
  circuitName: string
  /** The race's start. */
  race: Date
  /** The other sessions by Jolpica's field names (FirstPractice, Qualifying, Sprint...). */
  sessions?: Record<string, Date>
}

export type JolpicaBehavior =
  { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'malformed' }

export interface FakeJolpica {
  origin: string
  port: number
  /** The base URL to configure (JOLPICA_BASE_URL, or the platform's `external` in a test). */
  baseUrl: string
  requests: string[]
  /** `season` may be 'current'; the table's own season is what the answer names. */
  setStandings: (series: string, season: string, table: FakeTable) => void
  /** A season's Grand Prix weekends; `season` may be 'current' (then `named` is the season answered). */
  setSchedule: (series: string, season: string, races: FakeRace[], named?: string) => void
  /** The most rows a page holds (Jolpica's is 100). */
  setPageLimit: (limit: number) => void
  queue: (...behaviors: JolpicaBehavior[]) => void
  reset: () => void
  close: () => Promise<void>
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** The rows of one page, and what MRData says of it. */
function paged<T>(rows: readonly T[], url: URL, pageLimit: number) {
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 30) || 30, 1), pageLimit)
  const offset = Math.max(Number(url.searchParams.get('offset') ?? 0) || 0, 0)
  return {
    rows: rows.slice(offset, offset + limit),
    meta: { limit: String(limit), offset: String(offset), total: String(rows.length) },
  }
}

function standingsAnswer(url: URL, series: string, table: FakeTable | undefined, pageLimit: number) {
  const page = paged(table?.drivers ?? [], url, pageLimit)
  const lists = table
    ? [
        {
          season: table.season,
          round: String(table.round),
          DriverStandings: page.rows.map((d, j) => ({
            ...standingOf(d, j + Number(page.meta.offset)),
          })),
        },
      ]
    : []
  return {
    MRData: {
      xmlns: '',
      series,
      url: `${url.origin}${url.pathname}`,
      ...page.meta,
      StandingsTable: { season: table?.season ?? '', StandingsLists: lists },
    },
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10)
const isoTime = (d: Date) => `${d.toISOString().slice(11, 19)}Z`

function racesAnswer(url: URL, series: string, season: string, races: FakeRace[], pageLimit: number) {
  const page = paged(races, url, pageLimit)
  return {
    MRData: {
      series,
      url: `${url.origin}${url.pathname}`,
      ...page.meta,
      RaceTable: {
        season,
        Races: page.rows.map((r) => ({
          season,
          round: String(r.round),
          raceName: r.raceName,
          Circuit: { circuitId: r.circuitName.toLowerCase().replace(/\W+/g, '_'), circuitName: r.circuitName },
          date: isoDate(r.race),
          time: isoTime(r.race),
          ...Object.fromEntries(
            Object.entries(r.sessions ?? {}).map(([name, at]) => [name, { date: isoDate(at), time: isoTime(at) }]),
          ),
        })),
      },
    },
  }
}

/** Placeholder weekends for a table's season length, when no schedule was set. */
const roundsOf = (table: FakeTable | undefined): FakeRace[] =>
  Array.from({ length: table?.totalRounds ?? 0 }, (_, i) => ({
    round: i + 1,
    raceName: `Round ${i + 1} Grand Prix`,
    circuitName: `Circuit ${i + 1}`,
    race: new Date(Date.UTC(Number(table?.season) || 2026, 2, 1 + i * 14, 14)),
  }))

/**
 * A season around `now`: six Grand Prix weekends two weeks apart, the second one's race a week
 * before `now`, each with three practices, qualifying and the race on Sunday at 13:00 UTC; the
 * fourth is a sprint weekend.
 */
export function seasonAround(now: Date): { season: string; races: FakeRace[] } {
  const day = 86_400_000
  const names = [
    ['Australian Grand Prix', 'Albert Park Grand Prix Circuit'],
    ['Chinese Grand Prix', 'Shanghai International Circuit'],
    ['Japanese Grand Prix', 'Suzuka Circuit'],
    ['Miami Grand Prix', 'Miami International Autodrome'],
    ['Emilia Romagna Grand Prix', 'Autodromo Enzo e Dino Ferrari'],
    ['Monaco Grand Prix', 'Circuit de Monaco'],
  ] as const
  const sunday = new Date(Math.floor(now.getTime() / day) * day - 7 * day - 14 * day + 13 * 3_600_000)
  const races = names.map(([raceName, circuitName], i) => {
    const race = new Date(sunday.getTime() + i * 14 * day)
    const at = (days: number, hour: number) => new Date(race.getTime() - days * day + (hour - 13) * 3_600_000)
    const sessions: Record<string, Date> =
      i === 3
        ? { FirstPractice: at(2, 11), SprintQualifying: at(2, 15), Sprint: at(1, 11), Qualifying: at(1, 15) }
        : { FirstPractice: at(2, 11), SecondPractice: at(2, 15), ThirdPractice: at(1, 11), Qualifying: at(1, 15) }
    return { round: i + 1, raceName, circuitName, race, sessions }
  })
  return { season: String(new Date(sunday).getUTCFullYear()), races }
}

function standingOf(d: FakeDriver, i: number) {
  return {
    position: String(i + 1),
    positionText: String(i + 1),
    points: String(d.points),
    wins: String(d.wins ?? 0),
    Driver: {
      driverId: `${d.givenName}_${d.familyName}`.toLowerCase().replace(/\W+/g, '_'),
      givenName: d.givenName,
      familyName: d.familyName,
      nationality: 'Unknown',
    },
    Constructors: [{ constructorId: d.team.toLowerCase().replace(/\W+/g, '_'), name: d.team, nationality: 'Unknown' }],
  }
}

export async function startFakeJolpica(options: { port?: number; schedule?: 'around-now' } = {}): Promise<FakeJolpica> {
  const tables = new Map<string, FakeTable>()
  const schedules = new Map<string, { season: string; races: FakeRace[] }>()
  const queue: JolpicaBehavior[] = []
  const requests: string[] = []
  const hanging = new Set<ServerResponse>()
  let pageLimit = 100
  const defaults = () => {
    if (options.schedule !== 'around-now') return
    const around = seasonAround(new Date())
    schedules.set('f1/current', around)
    schedules.set(`f1/${around.season}`, around)
  }
  const reset = () => {
    tables.clear()
    schedules.clear()
    queue.length = 0
    requests.length = 0
    pageLimit = 100
    defaults()
  }
  defaults()

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname.startsWith('/__fake/') && req.method === 'POST') {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const control = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        series: string
        season: string
        table: FakeTable
        races: (Omit<FakeRace, 'race' | 'sessions'> & { race: string; sessions?: Record<string, string> })[]
        named?: string
        behaviors: JolpicaBehavior[]
      }
      if (url.pathname === '/__fake/reset') reset()
      else if (url.pathname === '/__fake/standings') fake.setStandings(control.series, control.season, control.table)
      else if (url.pathname === '/__fake/schedule') {
        const races = control.races.map((r) => ({
          ...r,
          race: new Date(r.race),
          sessions: Object.fromEntries(Object.entries(r.sessions ?? {}).map(([k, v]) => [k, new Date(v)])),
        }))
        fake.setSchedule(control.series, control.season, races, control.named)
      } else if (url.pathname === '/__fake/queue') fake.queue(...control.behaviors)
      else return send(res, 404, { error: 'unknown control' })
      return send(res, 200, { ok: true })
    }
    requests.push(`${url.pathname}${url.search}`)
    const behavior = queue.shift() ?? { kind: 'ok' }
    if (behavior.kind === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (behavior.kind === 'status') return send(res, behavior.status, { detail: 'fake failure' })
    if (behavior.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end('{"MRData": {')
    }
    const m = /^\/ergast\/([^/]+)\/([^/]+)\/(driverstandings|races)\/?$/.exec(url.pathname)
    if (!m) return send(res, 404, { detail: 'Not found.' })
    const [, series, season, what] = m as unknown as [string, string, string, string]
    const table = tables.get(`${series}/${season}`)
    if (what === 'races') {
      const schedule = schedules.get(`${series}/${season}`)
      const named = schedule?.season ?? table?.season ?? (season === 'current' ? '2026' : season)
      return send(res, 200, racesAnswer(url, series, named, schedule?.races ?? roundsOf(table), pageLimit))
    }
    return send(res, 200, standingsAnswer(url, series, table, pageLimit))
  })
  const port = await listenLocal(server, options.port)
  const origin = `http://127.0.0.1:${port}`
  const fake: FakeJolpica = {
    origin,
    port,
    baseUrl: `${origin}/ergast`,
    requests,
    setStandings: (series, season, table) => {
      tables.set(`${series}/${season}`, table)
      if (season !== 'current') return
      tables.set(`${series}/${table.season}`, table)
    },
    setSchedule: (series, season, races, named) => {
      const schedule = { season: named ?? (season === 'current' ? '2026' : season), races }
      schedules.set(`${series}/${season}`, schedule)
      if (season === 'current') schedules.set(`${series}/${schedule.season}`, schedule)
    },
    setPageLimit: (limit) => {
      pageLimit = limit
    },
    queue: (...behaviors) => queue.push(...behaviors),
    reset,
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}

/** A short Formula 1 table for the tests: Norris, Verstappen, Piastri... */
export const f1Table = (overrides: Partial<FakeTable> = {}): FakeTable => ({
  season: '2026',
  round: 22,
  totalRounds: 24,
  drivers: [
    { givenName: 'Lando', familyName: 'Norris', team: 'McLaren', points: 408, wins: 7 },
    { givenName: 'Max', familyName: 'Verstappen', team: 'Red Bull', points: 396, wins: 7 },
    { givenName: 'Oscar', familyName: 'Piastri', team: 'McLaren', points: 392, wins: 7 },
    { givenName: 'George', familyName: 'Russell', team: 'Mercedes', points: 309, wins: 2 },
    { givenName: 'Charles', familyName: 'Leclerc', team: 'Ferrari', points: 230 },
  ],
  ...overrides,
})
