import { getTableName, sql } from 'drizzle-orm'
import type { BlobStores } from '../blobs/store.ts'
import { mediaKeyPattern } from '../blobs/images.ts'
import journal from '../../../supabase/migrations/meta/_journal.json' with { type: 'json' }
import { db } from '../db/client.ts'
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type BackupArchive, type BackupRow } from './archive.ts'
import { backupTables } from './tables.ts'

/**
 * Reads the whole site into an archive: every table in one read-only, repeatable-read transaction
 * (one consistent moment, even while the owner edits), then every image of the 'images' store.
 * Rows come from Postgres's to_jsonb, so timestamps keep their microseconds and a restore writes
 * back exactly what was read.
 */
export async function exportArchive(blobs: BlobStores, now = new Date()): Promise<BackupArchive> {
  const { tables, migration } = await db().transaction(
    async (tx) => {
      const [applied] = await tx.execute<{ when: string }>(
        sql`select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
      const out: Record<string, BackupRow[]> = {}
      for (const { table, orderBy } of backupTables) {
        const name = getTableName(table)
        const order = sql.raw(orderBy.map((c) => `t."${c}"`).join(', '))
        const [row] = await tx.execute<{ rows: BackupRow[] }>(
          sql`select coalesce(jsonb_agg(to_jsonb(t) - 'search_text' order by ${order}), '[]'::jsonb) as rows from ${table} t`,
        )
        out[name] = row!.rows
      }
      return { tables: out, migration: migrationTag(Number(applied?.when)) }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: now.toISOString(),
    migration,
    tables,
    media: await exportMedia(blobs),
  }
}

/** drizzle-kit records a migration by its journal time: the tag of the one applied last. */
function migrationTag(when: number): string {
  const entry = journal.entries.find((e) => e.when === when)
  if (!entry) throw new Error(`The database's last migration (${when}) is not one this code knows.`)
  return entry.tag
}

/** Every image blob with its metadata, sorted by key (content hashes: the order means nothing else). */
async function exportMedia(stores: BlobStores): Promise<BackupArchive['media']> {
  const store = stores('images')
  const { blobs } = await store.list()
  const keys = blobs.map((b) => b.key).filter((key) => mediaKeyPattern.test(key))
  keys.sort()
  const media: BackupArchive['media'] = []
  for (const key of keys) {
    const entry = await store.getWithMetadata(key, { type: 'arrayBuffer' })
    if (!entry) continue // deleted while we listed
    media.push({
      key,
      metadata: entry.metadata as Record<string, never>,
      data: Buffer.from(entry.data).toString('base64'),
    })
  }
  return media
}

/** simracing-backup-2026-11-24.json.gz */
export const archiveFileName = (createdAt: string) => `simracing-backup-${createdAt.slice(0, 10)}.json.gz`
