import { asc, eq, inArray } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { newsArticles } from '../db/schema.ts'
import { deleteVersioned, storedColumns, updateVersioned } from '../revisions/keep.ts'

export const bulkNewsActions = ['publish', 'draft', 'delete'] as const
export type BulkNewsAction = (typeof bulkNewsActions)[number]

export type BulkNewsResult =
  | { missing: number[] }
  | {
      /** The articles the action changed (an article already in the wanted state is left alone). */
      changed: { id: number; title: string }[]
    }

/**
 * Publish, back to draft or delete several articles at once, all or nothing: one transaction locks
 * every chosen row (in id order, so two bulk calls cannot deadlock), refuses the whole call when one
 * is gone, and keeps each article's version through the same helpers as a single edit (its History
 * shows it). Publish dates an article now, as the single Publish does; back to draft clears a
 * schedule it could not have had (only drafts are scheduled).
 */
export async function bulkNews(action: BulkNewsAction, ids: number[], now = new Date()): Promise<BulkNewsResult> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .select({ id: newsArticles.id, title: newsArticles.title, status: newsArticles.status })
      .from(newsArticles)
      .where(inArray(newsArticles.id, ids))
      .orderBy(asc(newsArticles.id))
      .for('update')
    const missing = ids.filter((id) => !rows.some((r) => r.id === id))
    if (missing.length) return { missing }

    const changed: { id: number; title: string }[] = []
    for (const row of rows) {
      if (action === 'delete') {
        await deleteVersioned(tx, 'news', row.id, () => tx.delete(newsArticles).where(eq(newsArticles.id, row.id)))
      } else {
        const status = action === 'publish' ? 'published' : 'draft'
        if (row.status === status) continue
        await updateVersioned(tx, 'news', row.id, async () => {
          const [updated] = await tx
            .update(newsArticles)
            .set({
              status,
              publishAt: null,
              updatedAt: now,
              ...(action === 'publish' ? { timestamp: now } : {}),
            })
            .where(eq(newsArticles.id, row.id))
            .returning(storedColumns(newsArticles))
          return updated
        })
      }
      changed.push({ id: row.id, title: row.title })
    }
    return { changed }
  })
}
