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
 * GET <base>/<series>/<season>/races/ the season's calendar (its total is the rounds of the season).
 * Every call takes a slot of its rate limit first (4 a second, 500 an hour).
 */
const standingSchema = z.object({
  position: z.string().optional(),
  positionText: z.string().optional(),
  points: z.string(),
  wins: z.string().default('0'),
  Driver: z.object({ givenName: z.string(), familyName: z.string() }),
  Constructors: z.array(z.object({ name: z.string() })).default([]),
})

const standingsAnswer = z.object({
  MRData: z.object({
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

const racesAnswer = z.object({ MRData: z.object({ total: z.string() }) })

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

/** The drivers' standings of a series and season ('current' or a year), as Jolpica-F1 publishes them. */
export async function jolpicaDriverStandings(
  external: ExternalConfig,
  series: string,
  season: string,
): Promise<OfficialStandings> {
  const base = `${external.jolpica.baseUrl}/${segment(series)}/${segment(season)}`
  const url = `${base}/driverstandings/?limit=100`
  const answer = await get(external, url, standingsAnswer)
  const list = answer.MRData.StandingsTable.StandingsLists[0]
  if (!list || list.DriverStandings.length === 0) {
    throw new ExternalError(`${JOLPICA_NAME} has no drivers' standings for ${series.toUpperCase()} ${season} yet`)
  }
  // Drivers without a position (excluded from the championship) go last, in the order given.
  const ranked = list.DriverStandings.map((s, i) => ({ s, at: Number(s.position ?? NaN), i })).sort(
    (a, b) => (Number.isFinite(a.at) ? a.at : 1e9 + a.i) - (Number.isFinite(b.at) ? b.at : 1e9 + b.i),
  )
  const standings = ranked.map(({ s }, i) => ({
    position: i + 1,
    driverName: `${s.Driver.givenName} ${s.Driver.familyName}`.trim(),
    team: s.Constructors.at(-1)?.name ?? '',
    points: Number(s.points) || 0,
    wins: Number(s.wins) || 0,
  }))
  let totalRounds: number | null = null
  try {
    const races = await get(external, `${base}/races/?limit=100`, racesAnswer)
    totalRounds = Number(races.MRData.total) || null
  } catch (error) {
    // The calendar only completes 'Round x of y': a table without it is still the official one.
    if (!(error instanceof ExternalError)) throw error
  }
  return { season: list.season, completedRounds: Number(list.round) || 0, totalRounds, standings, url }
}
