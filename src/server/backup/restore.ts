import { createHash } from 'node:crypto'
import { getTableName, sql } from 'drizzle-orm'
import { detectImageType } from '../blobs/image-type.ts'
import type { BlobStores } from '../blobs/store.ts'
import { db, type Database } from '../db/client.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { markChanged } from '../publish/outbox.ts'
import { EVERYTHING } from '../../lib/cache-tags.ts'
import type { BackupArchive, BackupRow } from './archive.ts'
import { backupTables, contentTables, hasSerialId } from './tables.ts'

export const siteHasContentMessage =
  'This site already has content, so the backup was not restored. Choose to replace all current content to restore it anyway.'

export interface RestoreSummary {
  /** When the backup was made. */
  createdAt: string
  rows: number
  images: number
}

/** Rows per INSERT: a statement stays far below the statement timeout and the wire's limits. */
const ROWS_PER_STATEMENT = 250

/**
 * Restores a decoded archive (docs/decisions/0610-backup-archive.md):
 * 1. the images are checked against their keys (content hashes) before anything is written;
 * 2. a site with content is refused (409) unless `replace` is asked for;
 * 3. the images are written (content-addressed: an image nothing refers to is harmless);
 * 4. every table is replaced in ONE transaction: a failure anywhere leaves the database as it was;
 * 5. once that has committed, each id sequence is set past the rows now stored. `setval` is not
 *    transactional: set inside the transaction, a restore refused late left every sequence at the
 *    archive's highest id, and the next new game or article failed with 409 several times.
 * Publishing (every tag changed) and the audit entry are the caller's.
 */
export async function restoreArchive(
  blobs: BlobStores,
  archive: BackupArchive,
  options: { replace: boolean },
): Promise<RestoreSummary> {
  const images = archive.media.map(checkedImage)
  if (!options.replace && (await siteHasContent(db()))) throw new ApiError(409, siteHasContentMessage)

  const store = blobs('images')
  for (const image of images) {
    if (await store.getMetadata(image.key)) continue
    await store.set(image.key, image.bytes.buffer as ArrayBuffer, { metadata: image.metadata })
  }

  let rows = 0
  try {
    await db().transaction(async (tx) => {
      // Checked again under the transaction: content saved meanwhile is not overwritten unasked.
      if (!options.replace && (await siteHasContent(tx))) throw new ApiError(409, siteHasContentMessage)
      const names = backupTables.map(({ table }) => `"${getTableName(table)}"`).join(', ')
      await tx.execute(sql.raw(`truncate ${names}`))
      // Every page may show restored content: the whole site is owed a purge (src/server/publish/outbox.ts).
      await markChanged(tx, [EVERYTHING])
      for (const { table } of backupTables) {
        const tableRows = archive.tables[getTableName(table)] ?? []
        for (let i = 0; i < tableRows.length; i += ROWS_PER_STATEMENT) {
          await insertRows(tx, table, tableRows.slice(i, i + ROWS_PER_STATEMENT))
        }
        rows += tableRows.length
      }
    })
  } catch (error) {
    throw refusedByDatabase(error) ?? error
  }
  await setSequencesPastStoredRows()
  return { createdAt: archive.createdAt, rows, images: images.length }
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
async function insertRows(tx: Database, table: (typeof backupTables)[number]['table'], rows: BackupRow[]) {
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
function checkedImage(media: BackupArchive['media'][number]): CheckedImage {
  const bytes = new Uint8Array(Buffer.from(media.data, 'base64'))
  const [hash, ext] = media.key.split('.')
  const type = detectImageType(bytes)
  if (createHash('sha256').update(bytes).digest('hex') !== hash || type?.ext !== ext) {
    throw badRequest(`The backup is damaged and was not restored: the image ${media.key} does not match its contents.`)
  }
  return { key: media.key, bytes, metadata: media.metadata }
}
