import { z } from 'zod'
import { JOLPICA_LIMIT } from '../../lib/rate-window.ts'
import { JOLPICA_NAME } from '../../lib/standings-source.ts'
import { takeOutboundSlot } from '../repos/outbound-requests.repo.ts'
import type { ExternalConfig } from './config.ts'
import { ExternalError, fetchJson } from './http.ts'

/**
 * Jolpica-F1, the Ergast-compatible API (docs/decisions/0422): no key;
 * GET <base>/<series>/<season>/driverstandings/ answers
 * MRData.StandingsTable.StandingsLists[].DriverStandings[{position, points, wins, Driver, Constructors}],
 * GET <base>/<series>/<season>/races/ the season's calendar: MRData.RaceTable.Races[] with each
 * Grand Prix's sessions (FirstPractice... Qualifying, Sprint) in UTC; its total is the rounds of the
 * season. An answer is a page (`MRData.limit`, `offset`, `total`; at most 100 rows): a list longer
 * than a page is read page by page (amended 2026-11-27, issue 35). Every call takes a slot of its
 * rate limit first (4 a second, 500 an hour).
 */
const standingSchema = z.object({
  position: z.string().optional(),
  positionText: z.string().optional(),
  points: z.string(),
  wins: z.string().default('0'),
  Driver: z.object({ givenName: z.string(), familyName: z.string() }),
  Constructors: z.array(z.object({ name: z.string() })).default([]),
})

/** What every answer says about its page. */
const pageOf = z.object({
  limit: z.coerce.number().int().min(0).default(30),
  offset: z.coerce.number().int().min(0).default(0),
  total: z.coerce.number().int().min(0),
})

const standingsAnswer = z.object({
  MRData: pageOf.extend({
    StandingsTable: z.object({
      season: z.string().optional(),
      StandingsLists: z.array(
        z.object({
          season: z.string(),
          round: z.string(),
          DriverStandings: z.array(standingSchema),
        }),
      ),
    }),
  }),
})

const racesTotal = z.object({ MRData: z.object({ total: z.string() }) })

const when = z.object({ date: z.string(), time: z.string().optional() })
const raceSchema = z.object({
  season: z.string(),
  round: z.string(),
  raceName: z.string(),
  date: z.string(),
  time: z.string().optional(),
  Circuit: z.object({ circuitName: z.string() }).optional(),
  FirstPractice: when.optional(),
  SecondPractice: when.optional(),
  ThirdPractice: when.optional(),
  SprintQualifying: when.optional(),
  SprintShootout: when.optional(),
  Sprint: when.optional(),
  Qualifying: when.optional(),
})
const racesAnswer = z.object({
  MRData: pageOf.extend({
    RaceTable: z.object({ season: z.string().optional(), Races: z.array(raceSchema) }),
  }),
})

export interface OfficialRow {
  position: number
  driverName: string
  team: string
  points: number
  wins: number
}

export interface OfficialStandings {
  season: string
  completedRounds: number
  totalRounds: number | null
  standings: OfficialRow[]
  /** The address read (kept with the table as its source). */
  url: string
}

const segment = (value: string) => encodeURIComponent(value.trim().toLowerCase())

async function get<T>(external: ExternalConfig, url: string, schema: z.ZodType<T>): Promise<T> {
  await takeOutboundSlot('jolpica', JOLPICA_NAME, JOLPICA_LIMIT)
  return fetchJson(external, JOLPICA_NAME, url, schema, { headers: { accept: 'application/json' } })
}

/** Jolpica's largest page. */
const PAGE = 100
/** A list is read in at most this many pages (a driver table or a season is one or two). */
const MAX_PAGES = 10

/**
 * Every row of a list, page by page, until `MRData.total` rows are in (or a page comes back empty):
 * the first page is `?limit=100`, the next ones add `&offset=`. Each page is a call, with its slot of
 * the rate limit.
 */
async function allPages<A extends { MRData: z.infer<typeof pageOf> }, R>(
  external: ExternalConfig,
  url: string,
  schema: z.ZodType<A>,
  rowsOf: (answer: A) => R[],
): Promise<{ first: A; rows: R[] }> {
  const first = await get(external, `${url}?limit=${PAGE}`, schema)
  const rows = rowsOf(first)
  for (let page = 1; rows.length < first.MRData.total; page++) {
    if (page >= MAX_PAGES) {
      throw new ExternalError(`${JOLPICA_NAME} lists ${first.MRData.total} rows, more than ${MAX_PAGES} pages`)
    }
    const next = await get(external, `${url}?limit=${PAGE}&offset=${rows.length}`, schema)
    const more = rowsOf(next)
    if (more.length === 0) break
    rows.push(...more)
  }
  return { first, rows }
}

/** The drivers' standings of a series and season ('current' or a year), as Jolpica-F1 publishes them. */
export async function jolpicaDriverStandings(
  external: ExternalConfig,
  series: string,
  season: string,
): Promise<OfficialStandings> {
  const base = `${external.jolpica.baseUrl}/${segment(series)}/${segment(season)}`
  const { first, rows } = await allPages(
    external,
    `${base}/driverstandings/`,
    standingsAnswer,
    (a) => a.MRData.StandingsTable.StandingsLists[0]?.DriverStandings ?? [],
  )
  const list = first.MRData.StandingsTable.StandingsLists[0]
  if (!list || rows.length === 0) {
    throw new ExternalError(`${JOLPICA_NAME} has no drivers' standings for ${series.toUpperCase()} ${season} yet`)
  }
  // Drivers without a position (excluded from the championship) go last, in the order given.
  const ranked = rows
    .map((s, i) => ({ s, at: Number(s.position ?? NaN), i }))
    .sort((a, b) => (Number.isFinite(a.at) ? a.at : 1e9 + a.i) - (Number.isFinite(b.at) ? b.at : 1e9 + b.i))
  const standings = ranked.map(({ s }, i) => ({
    position: i + 1,
    driverName: `${s.Driver.givenName} ${s.Driver.familyName}`.trim(),
    team: s.Constructors.at(-1)?.name ?? '',
    points: Number(s.points) || 0,
    wins: Number(s.wins) || 0,
  }))
  let totalRounds: number | null = null
  try {
    const races = await get(external, `${base}/races/?limit=${PAGE}`, racesTotal)
    totalRounds = Number(races.MRData.total) || null
  } catch (error) {
    // The calendar only completes 'Round x of y': a table without it is still the official one.
    if (!(error instanceof ExternalError)) throw error
  }
  const url = `${base}/driverstandings/?limit=${PAGE}`
  return { season: list.season, completedRounds: Number(list.round) || 0, totalRounds, standings, url }
}

/** One session of a Grand Prix weekend, in UTC. */
export interface ScheduledSession {
  /** 'fp1', 'qualifying', 'race'...: the part of its iCalendar UID that says which session it is. */
  kind: string
  name: string
  startsAt: Date
  durationMinutes: number
}

export interface ScheduledRace {
  season: string
  round: number
  name: string
  circuit: string
  sessions: ScheduledSession[]
}

/** The sessions Jolpica names, in the order of a weekend, with the time each takes in the calendar. */
const sessionKinds = [
  ['FirstPractice', 'fp1', 'Practice 1', 60],
  ['SecondPractice', 'fp2', 'Practice 2', 60],
  ['ThirdPractice', 'fp3', 'Practice 3', 60],
  ['SprintQualifying', 'sprint-qualifying', 'Sprint Qualifying', 45],
  ['SprintShootout', 'sprint-qualifying', 'Sprint Qualifying', 45],
  ['Sprint', 'sprint', 'Sprint', 60],
  ['Qualifying', 'qualifying', 'Qualifying', 60],
] as const

/** A date and a time as Jolpica writes them ('2026-03-08', '04:00:00Z'); a date alone is noon UTC. */
function utc(date: string, time: string | undefined): Date | undefined {
  const at = new Date(`${date}T${time ? time.replace(/Z?$/, 'Z') : '12:00:00Z'}`)
  return Number.isNaN(at.getTime()) ? undefined : at
}

/**
 * A season's Grand Prix weekends and their sessions in UTC (docs/decisions/0425), read page by page.
 * A session whose date Jolpica does not give (yet) is left out.
 */
export async function jolpicaSchedule(
  external: ExternalConfig,
  series: string,
  season: string,
): Promise<{ season: string; races: ScheduledRace[] }> {
  const base = `${external.jolpica.baseUrl}/${segment(series)}/${segment(season)}`
  const { first, rows } = await allPages(external, `${base}/races/`, racesAnswer, (a) => a.MRData.RaceTable.Races)
  const races = rows.map((r) => {
    const sessions: ScheduledSession[] = []
    for (const [field, kind, name, minutes] of sessionKinds) {
      const at = r[field] && utc(r[field].date, r[field].time)
      if (at && !sessions.some((s) => s.kind === kind))
        sessions.push({ kind, name, startsAt: at, durationMinutes: minutes })
    }
    const race = utc(r.date, r.time)
    if (race) sessions.push({ kind: 'race', name: 'Race', startsAt: race, durationMinutes: 120 })
    return {
      season: r.season,
      round: Number(r.round) || 0,
      name: r.raceName,
      circuit: r.Circuit?.circuitName ?? '',
      sessions: sessions.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
    }
  })
  return {
    season: first.MRData.RaceTable.season ?? races[0]?.season ?? season,
    races: races.filter((r) => r.round > 0),
  }
}
