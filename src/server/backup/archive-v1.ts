import { gunzipSync } from 'node:zlib'
import { getTableName } from 'drizzle-orm'
import { z } from 'zod'
import { ApiError } from '../http/errors.ts'
import {
  ARCHIVE_FORMAT,
  checkMigration,
  damaged,
  depthOf,
  issueText,
  MAX_ARCHIVE_DEPTH,
  mediaSchema,
  newerVersion,
  notABackup,
  tooDeep,
  type ArchiveEntry,
  type BackupRow,
  type OpenedArchive,
} from './archive.ts'
import { backupTables, rowSchema } from './tables.ts'

/**
 * Version 1 of the archive (exports before 2026-11-27, docs/decisions/0610): one gzipped JSON
 * document `{ format, version: 1, createdAt, migration, tables, media }`, read into memory whole.
 * Restores still take it, within the limits of decision 0212.
 */

/**
 * A version 1 archive is read whole, in a function of 1,024 MB: besides the uploaded file, its
 * unpacked JSON as bytes and as a string, the parsed rows and the decoded images peak at about 2.3
 * times the JSON's size (40 MB of JSON took 92 MB above the process's baseline; docs/decisions/0212).
 * 160 MB of JSON and a file of at most 160 MB stay well inside a function; this also bounds what a
 * small gzip file may unpack to.
 */
export const MAX_ARCHIVE_JSON_BYTES = 160 * 1024 * 1024

export const tooLargeToRestore = () =>
  new ApiError(
    413,
    'This backup unpacks to more than 160 MB, more than the site can restore at once. Nothing was changed.',
  )

const v1Schema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime({ offset: true }),
  migration: z.string(),
  tables: z.strictObject(
    Object.fromEntries(
      backupTables.map((entry) => {
        const rows = z.array(rowSchema(entry.table))
        // Tables added later may be missing from an older archive: restored empty.
        return [getTableName(entry.table), 'since' in entry ? rows.optional() : rows]
      }),
    ),
  ),
  media: z.array(mediaSchema),
})

const versionOnly = z.object({ format: z.literal(ARCHIVE_FORMAT), version: z.number().int() })

/** Reads and checks a whole version 1 archive: a refusal is a 400 that says what is wrong. */
export function openArchiveV1(file: Uint8Array): OpenedArchive {
  let document: unknown
  try {
    const json = gunzipSync(file, { maxOutputLength: MAX_ARCHIVE_JSON_BYTES })
    document = JSON.parse(json.toString('utf8'))
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeToRestore()
    throw notABackup()
  }
  if (depthOf(document) > MAX_ARCHIVE_DEPTH) throw tooDeep()
  const header = versionOnly.safeParse(document)
  if (!header.success) throw notABackup()
  if (header.data.version !== 1) throw newerVersion(header.data.version)
  const parsed = v1Schema.safeParse(document)
  if (!parsed.success) throw damaged(issueText(parsed.error.issues[0]!, ''))
  const archive = parsed.data as z.infer<typeof v1Schema> & { tables: Record<string, BackupRow[] | undefined> }
  checkMigration(archive.migration)

  async function* entries(): AsyncGenerator<ArchiveEntry> {
    for (const { table } of backupTables) {
      const name = getTableName(table)
      for (const row of archive.tables[name] ?? []) {
        yield { kind: 'row', table: name, row, line: JSON.stringify({ t: name, r: row }) }
      }
    }
    for (const image of archive.media) yield { kind: 'image', image }
  }
  const { format, createdAt, migration } = archive
  return { header: { format, version: 1, createdAt, migration }, entries }
}
