import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { streams } from '../../db/schema.ts'

export type Stream = typeof streams.$inferSelect
export type NewStream = typeof streams.$inferInsert

const order = [desc(streams.isLive), desc(streams.startTime), desc(streams.id)]

export function listStreams(): Promise<Stream[]> {
  return db().select().from(streams).orderBy(...order)
}

export function listLiveStreams(): Promise<Stream[]> {
  return db().select().from(streams).where(eq(streams.isLive, true)).orderBy(...order)
}

export async function getStream(id: number): Promise<Stream | undefined> {
  const [row] = await db().select().from(streams).where(eq(streams.id, id))
  return row
}
