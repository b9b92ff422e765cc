import { asc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { championshipResults } from '../db/schema.ts'
import { changing } from '../cdn/outbox.ts'

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

export async function insertChampionshipResult(values: NewChampionshipResult): Promise<ChampionshipResult> {
  const [row] = await changing(['championships'], (tx) => tx.insert(championshipResults).values(values).returning())
  return row!
}

export async function updateChampionshipResult(
  id: number,
  values: Partial<NewChampionshipResult>,
): Promise<ChampionshipResult | undefined> {
  const [row] = await changing(['championships'], (tx) =>
    tx
      .update(championshipResults)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(championshipResults.id, id))
      .returning(),
  )
  return row
}

export async function deleteChampionshipResult(id: number): Promise<boolean> {
  const deleted = await changing(['championships'], (tx) =>
    tx.delete(championshipResults).where(eq(championshipResults.id, id)).returning({ id: championshipResults.id }),
  )
  return deleted.length > 0
}
