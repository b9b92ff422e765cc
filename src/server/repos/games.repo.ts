import { desc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { games } from '../db/schema.ts'
import { deleteVersioned, insertVersioned, updateVersioned, type ChangeBy } from '../revisions/keep.ts'

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

/** Owes the purge of the pages that list it (src/server/cdn/outbox.ts). */
export async function insertGame(values: NewGame): Promise<Game> {
  return db().transaction((tx) =>
    insertVersioned(tx, 'game', async () => {
      const [row] = await tx.insert(games).values(values).returning()
      return row!
    }),
  )
}

/**
 * Keeps the version it replaces (src/server/revisions). `values` may be worked out from the record
 * as it is, locked (the owner's fields and the store's, src/lib/game-store.ts).
 */
export async function updateGame(
  id: number,
  values: Partial<NewGame> | ((current: Game) => Partial<NewGame>),
  by?: ChangeBy,
): Promise<Game | undefined> {
  return db().transaction((tx) =>
    updateVersioned(
      tx,
      'game',
      id,
      async (before) => {
        const set = typeof values === 'function' ? values(before as Game) : values
        const [row] = await tx
          .update(games)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(games.id, id))
          .returning()
        return row
      },
      by,
    ),
  )
}

/** Reviews of the game keep their text; their gameId becomes null (foreign key ON DELETE SET NULL). */
export async function deleteGame(id: number, by?: ChangeBy): Promise<boolean> {
  return db().transaction((tx) => deleteVersioned(tx, 'game', id, () => tx.delete(games).where(eq(games.id, id)), by))
}
