import { asc, eq, isNotNull } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { championshipResults } from '../../db/schema.ts'

export type ChampionshipResult = typeof championshipResults.$inferSelect
export type NewChampionshipResult = typeof championshipResults.$inferInsert

export function listChampionshipResults(): Promise<ChampionshipResult[]> {
  return db()
    .select()
    .from(championshipResults)
    .orderBy(asc(championshipResults.championshipType), asc(championshipResults.position), asc(championshipResults.id))
}

export async function getChampionshipResult(id: number): Promise<ChampionshipResult | undefined> {
  const [row] = await db().select().from(championshipResults).where(eq(championshipResults.id, id))
  return row
}

export function listResultsWithLaps(): Promise<ChampionshipResult[]> {
  return db()
    .select()
    .from(championshipResults)
    .where(isNotNull(championshipResults.lastLap))
    .orderBy(asc(championshipResults.id))
}
