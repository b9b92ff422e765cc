import { getTableName, sql } from 'drizzle-orm'
import journal from '../../../supabase/migrations/meta/_journal.json' with { type: 'json' }
import type { ChunkedFile } from '../blobs/chunked-files.ts'
import { mediaKeyPattern } from '../blobs/images.ts'
import type { BlobStores } from '../blobs/store.ts'
import { db, StatementTimeoutError, withDeadline, type Database } from '../db/client.ts'
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, endLine, headerLine, imageLine, tooLongToExport } from './archive.ts'
import { archiveWriter, type ArchiveWriter } from './archive-writer.ts'
import { backupTables } from './tables.ts'
import { exportDownloads, exportTooLarge, MAX_BACKUP_BYTES } from './upload.ts'

export interface ExportSummary {
  createdAt: string
  migration: string
  rows: number
  images: number
  /** The archive's size. */
  bytes: number
}

/** A row as a batch reads it: to_jsonb's text, and its key as k0, k1... */
type Row = Record<string, unknown> & { r: string }

/** Rows read per statement: about 1.2 MB of race laps, whatever the table holds in all. */
const ROWS_PER_READ = 5000

/** A command has no function's limit; a day is 'no limit' for a timer. */
const NO_LIMIT_MS = 24 * 60 * 60 * 1000

/**
 * Writes the whole site into `out` as a version 2 archive (archive.ts; docs/decisions/0611), table
 * by table and a batch of rows at a time, so memory holds one batch whatever the data's size.
 * Every table is read in one read-only, repeatable-read transaction: one consistent moment, even
 * while the owner edits, so that every row the archive holds finds the rows it refers to. Rows
 * come from Postgres's to_jsonb, so timestamps keep their microseconds and a restore writes back
 * exactly what was read. Then every image of the 'images' store, read after the rows: an image is
 * stored before anything refers to it, so each one the rows name is there.
 *
 * `deadline` (epoch ms; a function's) stops an export that would outlast it with 413, and the
 * writer's own limit refuses an archive that grows past what a restore takes; either way the
 * caller removes what was written.
 */
export async function exportArchive(
  blobs: BlobStores,
  out: ArchiveWriter,
  options: { now?: Date; deadline?: number } = {},
): Promise<ExportSummary> {
  const createdAt = (options.now ?? new Date()).toISOString()
  const deadline = options.deadline ?? Infinity
  const inTime = () => {
    if (Date.now() > deadline) throw tooLongToExport()
  }
  const counts: Record<string, number> = {}
  let migration = ''
  try {
    const budget = Number.isFinite(deadline) ? Math.max(1, deadline - Date.now()) : NO_LIMIT_MS
    await withDeadline(budget, () =>
      db().transaction(
        async (tx) => {
          migration = await lastMigration(tx)
          await out.write(headerLine({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, createdAt, migration }))
          for (const { table, orderBy } of backupTables) {
            const name = getTableName(table)
            counts[name] = 0
            // A promise of its own (drizzle's query runs again at each `then`).
            const read = async (after?: unknown[]): Promise<Row[]> =>
              await tx.execute<Row>(batchAfter(table, orderBy, after))
            for (let rows = await read(); rows.length > 0;) {
              inTime()
              counts[name] += rows.length
              const last = rows[rows.length - 1]!
              // The next batch is read while this one is written: the database works as gzip does.
              const next = rows.length < ROWS_PER_READ ? undefined : read(orderBy.map((_, i) => last[`k${i}`]))
              next?.catch(() => {}) // awaited below, unless the write fails first
              await out.write(rows.map((row) => `{"t":"${name}","r":${row.r}}\n`).join(''))
              rows = next ? await next : []
            }
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    )
  } catch (error) {
    if (error instanceof StatementTimeoutError && Number.isFinite(deadline)) throw tooLongToExport()
    throw error
  }
  const images = await exportImages(blobs, out, inTime)
  await out.write(endLine({ rows: counts, images }))
  const bytes = await out.end()
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0)
  return { createdAt, migration, rows, images, bytes }
}

/**
 * The panel's download (POST /api/admin/backup/exports): the archive written into chunks of the
 * 'uploads' store as it is made. Refused as it grows past what a restore takes (413), or when it
 * would outlast the function (`deadline`): its chunks are then removed, and nothing is offered.
 */
export async function exportForDownload(
  blobs: BlobStores,
  options: { now: Date; deadline: number; maxBytes?: number },
): Promise<ExportSummary & { download: ChunkedFile }> {
  const file = await exportDownloads(blobs).create(options.now)
  try {
    const out = archiveWriter(file.append, { maxBytes: options.maxBytes ?? MAX_BACKUP_BYTES, tooLarge: exportTooLarge })
    const summary = await exportArchive(blobs, out, options)
    return { ...summary, download: await file.finish() }
  } catch (error) {
    await file.abort()
    throw error
  }
}

/**
 * The next rows of a table in its archive order after the key `after` (keyset paging: each batch
 * is a range of the primary key's index, however far in), each as to_jsonb's text and its key.
 */
function batchAfter(table: (typeof backupTables)[number]['table'], orderBy: readonly string[], after?: unknown[]) {
  const key = sql.raw(orderBy.map((c) => `t."${c}"`).join(', '))
  const keys = sql.raw(orderBy.map((c, i) => `t."${c}" as k${i}`).join(', '))
  const from = after
    ? sql`where (${key}) > (${sql.join(
        after.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql``
  return sql`select (to_jsonb(t) - 'search_text')::text as r, ${keys} from ${table} t ${from} order by ${key} limit ${ROWS_PER_READ}`
}

async function lastMigration(tx: Database): Promise<string> {
  const [applied] = await tx.execute<{ when: string }>(
    sql`select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )
  return migrationTag(Number(applied?.when))
}

/** drizzle-kit records a migration by its journal time: the tag of the one applied last. */
function migrationTag(when: number): string {
  const entry = journal.entries.find((e) => e.when === when)
  if (!entry) throw new Error(`The database's last migration (${when}) is not one this code knows.`)
  return entry.tag
}

/** Every image blob with its metadata, one at a time, sorted by key (content hashes: the order means nothing else). */
async function exportImages(stores: BlobStores, out: ArchiveWriter, inTime: () => void): Promise<number> {
  const store = stores('images')
  const { blobs } = await store.list()
  const keys = blobs.map((b) => b.key).filter((key) => mediaKeyPattern.test(key))
  keys.sort()
  let written = 0
  for (const key of keys) {
    inTime()
    const entry = await store.getWithMetadata(key, { type: 'arrayBuffer' })
    if (!entry) continue // deleted while we listed
    const data = Buffer.from(entry.data).toString('base64')
    await out.write(imageLine({ key, metadata: entry.metadata as Record<string, never>, data }))
    written += 1
  }
  return written
}

/** simracing-backup-2026-11-24.json.gz */
export const archiveFileName = (createdAt: string) => `simracing-backup-${createdAt.slice(0, 10)}.json.gz`
