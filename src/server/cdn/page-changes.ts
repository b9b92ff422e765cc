import { sql } from 'drizzle-orm'
import { EVERYTHING, pagesFor } from '../../lib/cache-tags.ts'
import { db } from '../db/client.ts'

/**
 * When each public page last changed: noted when a purge of its tags is sent (the moment the
 * change reaches visitors), for the sitemap's `<lastmod>` and for IndexNow (./indexnow.ts), which
 * is owed every page noted since it last took them. A purge of everything (a restore) notes every
 * page of the lists.
 */
export async function notePagesChanged(tags: readonly string[], at: Date): Promise<void> {
  const paths = pagesFor(tags.includes(EVERYTHING) ? [EVERYTHING] : tags)
  if (paths.length === 0) return
  await db().execute(sql`
    insert into page_changes (path, changed_at, indexnow_due)
    select path, ${at.toISOString()}::timestamptz, true from unnest(${`{${paths.map((p) => `"${p}"`).join(',')}}`}::text[]) as path
    on conflict (path) do update set changed_at = greatest(page_changes.changed_at, excluded.changed_at), indexnow_due = true`)
}

/** The pages' last changes, by path (the sitemap's lastmod). */
export async function pageChangeTimes(): Promise<Map<string, Date>> {
  const rows = await db().execute<{ path: string; changed_at: string }>(sql`select path, changed_at from page_changes`)
  return new Map(rows.map((r) => [r.path, new Date(r.changed_at)]))
}
