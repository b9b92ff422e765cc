import { z } from 'zod'
import { standingsProblem } from '../../lib/standings-rules.ts'
import { actorOfFeature } from '../../lib/revisions.ts'
import { getStandingsSet, saveGeneratedStandings, type StandingsSet } from '../repos/standings.repo.ts'
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

/**
 * Current drivers' standings of one championship from Perplexity's web search, checked
 * (positions 1..N each once, points never rising, names present; otherwise asked again once, then
 * refused) and stored in one transaction, replacing that championship's previous table.
 */
export async function generateStandings(
  championshipName: string,
  numberOfDrivers = DEFAULT_DRIVERS,
  feature = 'standings',
): Promise<StandingsSet> {
  const name = championshipName.trim()
  const { value } = await searchStructured<GeneratedTable>({
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
  const id = await saveGeneratedStandings(
    {
      championshipName: name,
      season: value.season,
      completedRounds: value.completedRounds ?? null,
      totalRounds: value.totalRounds ?? null,
      standings: value.standings.map((r) => ({ ...r, driverName: r.driverName.trim() })),
    },
    undefined,
    { actor: actorOfFeature(feature), summary: 'Refreshed the standings' },
  )
  return (await getStandingsSet(id))!
}
