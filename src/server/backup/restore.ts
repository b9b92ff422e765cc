import { createHash } from 'node:crypto'
import { getTableName, sql } from 'drizzle-orm'
import { detectImageType } from '../blobs/image-type.ts'
import type { BlobStores } from '../blobs/store.ts'
import { db, StatementTimeoutError, withDeadline, type Database } from '../db/client.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { markChanged } from '../cdn/outbox.ts'
import { EVERYTHING } from '../../lib/cache-tags.ts'
import { withSanitizedContent } from '../repos/news.repo.ts'
import {
  damaged,
  tooLongToRestore,
  type ArchiveHeader,
  type ArchiveImage,
  type ArchiveSource,
  type BackupRow,
} from './archive.ts'
import { openArchive } from './archive-read.ts'
import { backupTables, contentTables, hasSerialId } from './tables.ts'

export const siteHasContentMessage =
  'This site already has content, so the backup was not restored. Choose to replace all current content to restore it anyway.'

export interface RestoreSummary {
  /** When the backup was made. */
  createdAt: string
  rows: number
  images: number
}

/**
 * Rows per INSERT, and the most JSON one carries: a statement stays far below the statement
 * timeout and the wire's limits, and memory holds one batch (an article is at most 200 KB).
 */
const ROWS_PER_STATEMENT = 2000
const BYTES_PER_STATEMENT = 2 * 1024 * 1024

/** A command has no function's limit; a day is 'no limit' for a timer. */
const NO_LIMIT_MS = 24 * 60 * 60 * 1000

interface Batch {
  table: string
  rows: BackupRow[]
  bytes: number
}

const tables = new Map<string, (typeof backupTables)[number]['table']>(
  backupTables.map(({ table }) => [getTableName(table), table]),
)

/**
 * Restores an archive (docs/decisions/0610, 0611), reading it twice from `source`, so memory holds
 * a batch of rows and one image, whatever the archive's size:
 * 1. every line is checked (rows against their tables' schemas, the end line's counts) without
 *    keeping it, and a digest of the rows is taken. Once every row has passed (images come last),
 *    a site with content is refused (409) unless `replace` is asked for, and each image is checked
 *    against its key (a content hash) and written when missing: an image nothing refers to is
 *    harmless, and none is deleted;
 * 2. every table is replaced in ONE transaction, a batch of rows per INSERT as the archive is read
 *    again; article HTML is sanitized as it is written (news.repo.ts); a digest that differs from
 *    the first pass's (the file changed in between) rolls it all back;
 * 3. once that has committed, each id sequence is set past the rows now stored. `setval` is not
 *    transactional: set inside the transaction, a restore refused late left every sequence at the
 *    archive's highest id, and the next new game or article failed with 409 several times.
 * `deadline` (epoch ms; a function's): a restore that would outlast it is refused with 413 and
 * rolled back. Publishing (every tag changed) and the audit entry are the caller's.
 */
export async function restoreArchive(
  blobs: BlobStores,
  source: ArchiveSource,
  options: { replace: boolean; deadline?: number },
): Promise<RestoreSummary> {
  const deadline = options.deadline ?? Infinity
  const archive = await openArchive(source)

  const checked = createHash('sha256')
  let rows = 0
  let images = 0
  let asked = false
  const askToReplace = async () => {
    asked = true
    if (!options.replace && (await siteHasContent(db()))) throw new ApiError(409, siteHasContentMessage)
  }
  const store = blobs('images')
  for await (const entry of archive.entries(true)) {
    if (Date.now() > deadline) throw tooLongToRestore()
    if (entry.kind === 'row') {
      checked.update(entry.line).update('\n')
      rows += 1
      continue
    }
    if (!asked) await askToReplace()
    const image = checkedImage(entry.image)
    if (!(await store.getMetadata(image.key))) {
      await store.set(image.key, image.bytes.buffer as ArrayBuffer, { metadata: image.metadata })
    }
    images += 1
  }
  if (!asked) await askToReplace()

  try {
    const budget = Number.isFinite(deadline) ? Math.max(1, deadline - Date.now()) : NO_LIMIT_MS
    await withDeadline(budget, () =>
      db().transaction(async (tx) => {
        // Checked again under the transaction: content saved meanwhile is not overwritten unasked.
        if (!options.replace && (await siteHasContent(tx))) throw new ApiError(409, siteHasContentMessage)
        const names = backupTables.map(({ table }) => `"${getTableName(table)}"`).join(', ')
        await tx.execute(sql.raw(`truncate ${names}`))
        // Every page may show restored content: the whole site is owed a purge (src/server/cdn/outbox.ts).
        await markChanged(tx, [EVERYTHING])
        const written = createHash('sha256')
        // One INSERT in flight while the next batch is read: the database writes as this reads.
        let inserting: Promise<void> = Promise.resolve()
        const insert = async (batch: Batch) => {
          await inserting
          inserting = insertRows(tx, batch.table, batch.rows)
          inserting.catch(() => {}) // awaited before the next one, or below
        }
        let batch: Batch | undefined
        for await (const entry of archive.entries(false)) {
          if (entry.kind === 'image') break
          written.update(entry.line).update('\n')
          const full = batch && (batch.rows.length >= ROWS_PER_STATEMENT || batch.bytes >= BYTES_PER_STATEMENT)
          if (batch && (batch.table !== entry.table || full)) {
            await insert(batch)
            batch = undefined
          }
          batch ??= { table: entry.table, rows: [], bytes: 0 }
          batch.rows.push(restoredRow(entry.table, entry.row))
          batch.bytes += entry.line.length
        }
        if (batch) await insert(batch)
        await inserting
        if (written.digest('hex') !== checked.digest('hex')) throw damaged('the file changed while it was restored')
      }),
    )
  } catch (error) {
    if (error instanceof StatementTimeoutError && Number.isFinite(deadline)) throw tooLongToRestore()
    throw refusedByDatabase(error) ?? error
  }
  await setSequencesPastStoredRows()
  return { createdAt: archive.header.createdAt, rows, images }
}

/**
 * What a row becomes when it is written back: article HTML is sanitized, in the articles and in
 * the snapshots of their History (a revision restore writes a snapshot back), as every write of an
 * article's content is (news.repo.ts). An archive is a file anyone may have edited.
 */
function restoredRow(table: string, row: BackupRow): BackupRow {
  if (table === 'news_articles') return withSanitizedContent(row)
  if (table === 'revisions' && row.entity === 'news' && row.snapshot && typeof row.snapshot === 'object') {
    return { ...row, snapshot: withSanitizedContent(row.snapshot as BackupRow) }
  }
  return row
}

/**
 * Reads the whole archive and checks every line, writing nothing (the command does it before it
 * starts or creates a database: a damaged file leaves a new machine as it was). Answers its header.
 */
export async function checkArchive(source: ArchiveSource): Promise<ArchiveHeader> {
  const archive = await openArchive(source)
  for await (const _entry of archive.entries(true)) {
    // Each line is checked as it is read.
  }
  return archive.header
}

/** Each serial id's sequence, set from the committed rows: the next insert gets the id after the highest. */
async function setSequencesPastStoredRows(): Promise<void> {
  for (const { table } of backupTables) {
    if (!hasSerialId(table)) continue
    await db().execute(
      sql`select setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    )
  }
}

/**
 * Postgres turns the archive's JSON back into typed rows (jsonb_populate_recordset): exactly the
 * values to_jsonb wrote, microseconds included. Only the columns the archive has are written; a
 * column added by a later migration gets its default.
 */
async function insertRows(tx: Database, name: string, rows: BackupRow[]) {
  const table = tables.get(name)!
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '))
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`,
  )
}

export async function siteHasContent(database: Database): Promise<boolean> {
  const checks = contentTables.map((name) => `exists (select 1 from "${name}")`).join(' or ')
  const [row] = await database.execute<{ has: boolean }>(sql.raw(`select (${checks}) as has`))
  return row?.has === true
}

/**
 * A row the archive's format allows but the database's rules refuse (a check, a duplicate key, a
 * missing reference): the transaction is rolled back, and the owner learns which rule it was.
 */
function refusedByDatabase(error: unknown): ApiError | undefined {
  const cause = (error as { cause?: unknown }).cause ?? error
  const code = (cause as { code?: unknown }).code
  if (typeof code !== 'string' || !/^2[23]/.test(code)) return undefined
  const detail = cause instanceof Error ? cause.message : code
  return badRequest(
    `The backup does not fit this site's data rules and was not restored (${detail}). Nothing was changed.`,
  )
}

interface CheckedImage {
  key: string
  bytes: Uint8Array
  metadata: Record<string, unknown>
}

/** An image of the archive is stored only if its bytes are the image its key names. */
function checkedImage(media: ArchiveImage): CheckedImage {
  const bytes = new Uint8Array(Buffer.from(media.data, 'base64'))
  const [hash, ext] = media.key.split('.')
  const type = detectImageType(bytes)
  if (createHash('sha256').update(bytes).digest('hex') !== hash || type?.ext !== ext) {
    throw badRequest(`The backup is damaged and was not restored: the image ${media.key} does not match its contents.`)
  }
  return { key: media.key, bytes, metadata: media.metadata }
}
