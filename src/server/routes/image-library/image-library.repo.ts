import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { imageLibrary } from '../../db/schema.ts'

export type LibraryImage = typeof imageLibrary.$inferSelect
export type NewLibraryImage = typeof imageLibrary.$inferInsert

export function listLibraryImages(): Promise<LibraryImage[]> {
  return db().select().from(imageLibrary).orderBy(desc(imageLibrary.createdAt), desc(imageLibrary.id))
}

export async function getLibraryImage(id: number): Promise<LibraryImage | undefined> {
  const [row] = await db().select().from(imageLibrary).where(eq(imageLibrary.id, id))
  return row
}
