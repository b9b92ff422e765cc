import { desc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { streams } from '../db/schema.ts'
import { deleteVersioned, insertVersioned, updateVersioned, type ChangeBy } from '../revisions/keep.ts'

export type Stream = typeof streams.$inferSelect
export type NewStream = typeof streams.$inferInsert

const order = [desc(streams.isLive), desc(streams.startTime), desc(streams.id)]

export function listStreams(): Promise<Stream[]> {
  return db()
    .select()
    .from(streams)
    .orderBy(...order)
}

export function listLiveStreams(): Promise<Stream[]> {
  return db()
    .select()
    .from(streams)
    .where(eq(streams.isLive, true))
    .orderBy(...order)
}

export async function getStream(id: number): Promise<Stream | undefined> {
  const [row] = await db().select().from(streams).where(eq(streams.id, id))
  return row
}

/** Owes the purge of the pages that list it (src/server/cdn/outbox.ts). */
export async function insertStream(values: NewStream): Promise<Stream> {
  return db().transaction((tx) =>
    insertVersioned(tx, 'stream', async () => {
      const [row] = await tx.insert(streams).values(values).returning()
      return row!
    }),
  )
}

/** Keeps the version it replaces (src/server/revisions). */
export async function updateStream(id: number, values: Partial<NewStream>, by?: ChangeBy): Promise<Stream | undefined> {
  return db().transaction((tx) =>
    updateVersioned(
      tx,
      'stream',
      id,
      async () => {
        const [row] = await tx
          .update(streams)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(streams.id, id))
          .returning()
        return row
      },
      by,
    ),
  )
}

export async function deleteStream(id: number, by?: ChangeBy): Promise<boolean> {
  return db().transaction((tx) =>
    deleteVersioned(tx, 'stream', id, () => tx.delete(streams).where(eq(streams.id, id)), by),
  )
}
