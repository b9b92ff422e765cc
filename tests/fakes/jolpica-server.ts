import { createServer, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'

/**
 * A fake of Jolpica-F1 (the Ergast-compatible API) on 127.0.0.1, never the internet:
 *   GET /ergast/<series>/<season>/driverstandings/   MRData.StandingsTable.StandingsLists[].DriverStandings[]
 *   GET /ergast/<series>/<season>/races/             MRData.total (the rounds of the season)
 * Tables are set per test (setStandings); a season without one answers as Jolpica does for a
 * season not started (no standings lists). Failures are queued (a status, no answer, not JSON).
 * The same controls are HTTP endpoints under /__fake/ for the end-to-end tests
 * (tests/helpers/e2e-jolpica.ts).
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
  queue: (...behaviors: JolpicaBehavior[]) => void
  reset: () => void
  close: () => Promise<void>
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function standingsAnswer(url: string, series: string, table: FakeTable | undefined) {
  const lists = table
    ? [
        {
          season: table.season,
          round: String(table.round),
          DriverStandings: table.drivers.map((d, i) => ({
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
            Constructors: [
              { constructorId: d.team.toLowerCase().replace(/\W+/g, '_'), name: d.team, nationality: 'Unknown' },
            ],
          })),
        },
      ]
    : []
  return {
    MRData: {
      xmlns: '',
      series,
      url,
      limit: '100',
      offset: '0',
      total: String(table?.drivers.length ?? 0),
      StandingsTable: { season: table?.season ?? '', StandingsLists: lists },
    },
  }
}

export async function startFakeJolpica(options: { port?: number } = {}): Promise<FakeJolpica> {
  const tables = new Map<string, FakeTable>()
  const queue: JolpicaBehavior[] = []
  const requests: string[] = []
  const hanging = new Set<ServerResponse>()
  const reset = () => {
    tables.clear()
    queue.length = 0
    requests.length = 0
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname.startsWith('/__fake/') && req.method === 'POST') {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const control = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        series: string
        season: string
        table: FakeTable
        behaviors: JolpicaBehavior[]
      }
      if (url.pathname === '/__fake/reset') reset()
      else if (url.pathname === '/__fake/standings') fake.setStandings(control.series, control.season, control.table)
      else if (url.pathname === '/__fake/queue') fake.queue(...control.behaviors)
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
      return send(res, 200, { MRData: { series, total: String(table?.totalRounds ?? 0), RaceTable: { Races: [] } } })
    }
    return send(res, 200, standingsAnswer(`${url.origin}${url.pathname}`, series, table))
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
