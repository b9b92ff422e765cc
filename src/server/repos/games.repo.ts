import { desc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { games } from '../db/schema.ts'

export type Game = typeof games.$inferSelect
export type NewGame = typeof games.$inferInsert

const order = [desc(games.createdAt), desc(games.id)]

export function listGames(): Promise<Game[]> {
  return db()
    .select()
    .from(games)
    .orderBy(...order)
}

export function listFeaturedGames(): Promise<Game[]> {
  return db()
    .select()
    .from(games)
    .where(eq(games.featured, true))
    .orderBy(...order)
}

export async function getGame(id: number): Promise<Game | undefined> {
  const [row] = await db().select().from(games).where(eq(games.id, id))
  return row
}

export async function insertGame(values: NewGame): Promise<Game> {
  const [row] = await db().insert(games).values(values).returning()
  return row!
}

export async function updateGame(id: number, values: Partial<NewGame>): Promise<Game | undefined> {
  const [row] = await db()
    .update(games)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(games.id, id))
    .returning()
  return row
}

/** Reviews of the game keep their text; their gameId becomes null (foreign key ON DELETE SET NULL). */
export async function deleteGame(id: number): Promise<boolean> {
  const deleted = await db().delete(games).where(eq(games.id, id)).returning({ id: games.id })
  return deleted.length > 0
}
