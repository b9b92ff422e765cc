import { desc, eq, sql } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { imageLibrary } from '../db/schema.ts'
import { changing } from '../cdn/outbox.ts'

export type LibraryImage = typeof imageLibrary.$inferSelect
export type NewLibraryImage = typeof imageLibrary.$inferInsert

export function listLibraryImages(): Promise<LibraryImage[]> {
  return db().select().from(imageLibrary).orderBy(desc(imageLibrary.createdAt), desc(imageLibrary.id))
}

export async function getLibraryImage(id: number): Promise<LibraryImage | undefined> {
  const [row] = await db().select().from(imageLibrary).where(eq(imageLibrary.id, id))
  return row
}

export async function insertLibraryImage(values: NewLibraryImage): Promise<LibraryImage> {
  const [row] = await changing(['image-library'], (tx) => tx.insert(imageLibrary).values(values).returning())
  return row!
}

export async function deleteLibraryImage(id: number): Promise<boolean> {
  const deleted = await changing(['image-library'], (tx) =>
    tx.delete(imageLibrary).where(eq(imageLibrary.id, id)).returning({ id: imageLibrary.id }),
  )
  return deleted.length > 0
}

export interface PoolImage {
  url: string
  name: string
  source: 'library' | 'game' | 'accessory' | 'news'
}

/**
 * Spec 001: the combined image pool, from the permanent library, game, hardware and news images,
 * deduplicated by URL (the first source wins, in that order).
 */
export async function listImagePool(): Promise<PoolImage[]> {
  const rows = await db().execute<{ url: string; name: string; source: PoolImage['source'] }>(sql`
    select url, name, source from (
      select distinct on (url) url, name, source, rank, sort_at from (
        select url, name, 'library' as source, 1 as rank, created_at as sort_at from image_library
        union all select image_url, title, 'game', 2, created_at from games
        union all select image_url, name, 'accessory', 3, created_at from accessories
        union all select image_url, title, 'news', 4, timestamp from news_articles
      ) as all_images
      where url <> ''
      order by url, rank, sort_at desc
    ) as pool
    order by rank, sort_at desc, url`)
  return [...rows]
}
