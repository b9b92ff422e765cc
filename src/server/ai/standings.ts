import { z } from 'zod'
import { actorOfFeature } from '../../lib/revisions.ts'
import { standingsProblem } from '../../lib/standings-rules.ts'
import { JOLPICA_NAME } from '../../lib/standings-source.ts'
import { ApiError } from '../http/errors.ts'
import {
  findStandingsSetByName,
  getStandingsSet,
  realTableMessage,
  saveGeneratedStandings,
  type StandingsRow,
  type StandingsSet,
} from '../repos/standings.repo.ts'
import { compareWithOfficial } from '../results/compare.ts'
import type { Platform } from '../platform.ts'
import { ownerTime } from '../repos/site-settings.repo.ts'
import { searchStructured } from './perplexity.ts'

/** Spec 001 section 9: standings generation asks for 10 drivers. */
export const DEFAULT_DRIVERS = 10

const rowSchema = z.object({
  position: z.number().int(),
  driverName: z.string().trim().max(200),
  team: z.string().trim().max(200).default(''),
  points: z.number(),
})

const standingsSchema = z.object({
  season: z.union([z.string(), z.number()]).transform((s) => String(s).trim().slice(0, 20) || '2025'),
  completedRounds: z.number().int().min(0).max(1000).nullable().optional(),
  totalRounds: z.number().int().min(0).max(1000).nullable().optional(),
  standings: z.array(rowSchema).max(100),
})
type GeneratedTable = z.infer<typeof standingsSchema>

const standingsJsonSchema = {
  type: 'object',
  properties: {
    season: { type: 'string' },
    completedRounds: { type: ['integer', 'null'] },
    totalRounds: { type: ['integer', 'null'] },
    standings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          position: { type: 'integer' },
          driverName: { type: 'string' },
          team: { type: 'string' },
          points: { type: 'number' },
        },
        required: ['position', 'driverName', 'team', 'points'],
        additionalProperties: false,
      },
    },
  },
  required: ['season', 'completedRounds', 'totalRounds', 'standings'],
  additionalProperties: false,
}

/** An AI table, read and checked, not yet stored. */
export interface AiTable {
  championshipName: string
  season: string
  completedRounds: number | null
  totalRounds: number | null
  standings: StandingsRow[]
  sources: string[]
}

/** A set whose table comes from real results: the AI is refused before it is asked (nothing spent). */
async function refuseRealTable(name: string): Promise<void> {
  const existing = await findStandingsSetByName(name)
  if (existing && existing.source !== 'ai') throw new ApiError(409, realTableMessage(existing, await ownerTime()))
}

/**
 * Current drivers' standings of one championship from Perplexity's web search, checked
 * (positions 1..N each once, points never rising, names present; otherwise asked again once, then
 * refused), not stored.
 */
export async function askStandings(
  platform: Platform,
  championshipName: string,
  numberOfDrivers = DEFAULT_DRIVERS,
  feature = 'standings',
): Promise<AiTable> {
  const name = championshipName.trim()
  await refuseRealTable(name)
  const { value, sources } = await searchStructured<GeneratedTable>(platform.ai, {
    feature,
    instructions:
      'You report current motorsport championship standings from official sources found in the search results. ' +
      'Never guess: use the latest published table. Answer with the JSON object only.',
    input: `The current drivers' championship standings of the ${name}: the top ${numberOfDrivers} drivers with position, name, team and points, the season, and rounds completed and total.`,
    schemaName: 'championship_standings',
    jsonSchema: standingsJsonSchema,
    schema: standingsSchema,
    recency: 'week',
    // About 40 tokens a driver's row, and the season and rounds around them.
    maxOutputTokens: 1_000 + numberOfDrivers * 60,
    check: (table) => standingsProblem(table.standings, numberOfDrivers),
  })
  return {
    championshipName: name,
    season: value.season,
    completedRounds: value.completedRounds ?? null,
    totalRounds: value.totalRounds ?? null,
    standings: value.standings.map((r) => ({ ...r, driverName: r.driverName.trim() })),
    sources,
  }
}

/** Stores an AI table (a real table of the same championship is never written: 409). */
export async function saveAiTable(table: AiTable, feature = 'standings'): Promise<StandingsSet> {
  const { sources, ...rest } = table
  const id = await saveGeneratedStandings({ ...rest, sourceUrls: sources }, undefined, {
    actor: actorOfFeature(feature),
    summary: 'Refreshed the standings',
  })
  return (await getStandingsSet(id))!
}

/**
 * Generates and stores a championship's table, unattended (Refresh All, the scheduler). A table
 * that has an official source to compare with (Formula 1, via Jolpica-F1) is stored only when it
 * agrees with it; when it differs the owner must see it first (docs/decisions/0420), so the task
 * fails with the differences. When the official table cannot be read, the AI's is stored, labelled.
 */
export async function generateStandings(
  platform: Platform,
  championshipName: string,
  numberOfDrivers = DEFAULT_DRIVERS,
  feature = 'standings',
): Promise<StandingsSet> {
  const table = await askStandings(platform, championshipName, numberOfDrivers, feature)
  const review = await compareWithOfficial(platform.external, table)
  if (review && review.differences.length > 0) {
    const first = review.differences[0]!.text
    throw new ApiError(
      409,
      `The AI's ${table.championshipName} table differs from the official results (${JOLPICA_NAME}) in ${review.differences.length} ${review.differences.length === 1 ? 'place' : 'places'} (${first}), so it was not saved. Generate it in the Championships tab to review it, or switch the championship to official results.`,
    )
  }
  return saveAiTable(table, feature)
}
