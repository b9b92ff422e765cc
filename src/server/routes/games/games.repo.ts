import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { games } from '../../db/schema.ts'

export type Game = typeof games.$inferSelect
export type NewGame = typeof games.$inferInsert

const order = [desc(games.createdAt), desc(games.id)]

export function listGames(): Promise<Game[]> {
  return db().select().from(games).orderBy(...order)
}

export function listFeaturedGames(): Promise<Game[]> {
  return db().select().from(games).where(eq(games.featured, true)).orderBy(...order)
}

export async function getGame(id: number): Promise<Game | undefined> {
  const [row] = await db().select().from(games).where(eq(games.id, id))
  return row
}
