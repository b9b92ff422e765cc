import { gunzipSync, gzipSync } from 'node:zlib'
import { getTableName } from 'drizzle-orm'
import { z } from 'zod'
import journal from '../../../supabase/migrations/meta/_journal.json' with { type: 'json' }
import { mediaKeyPattern } from '../blobs/images.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { backupTables, rowSchema } from './tables.ts'

/**
 * The backup archive (docs/decisions/0610-backup-archive.md): one gzipped JSON document with the
 * rows of every content and settings table and every image of the 'images' Blobs store.
 */
export const ARCHIVE_FORMAT = 'simracing-hub-backup'
export const ARCHIVE_VERSION = 1

/** The migrations this code knows, oldest first (drizzle-kit's journal). */
export const knownMigrations: readonly string[] = journal.entries.map((e) => e.tag)

/**
 * An archive is read into memory whole, in a function of 1,024 MB: besides the uploaded file, its
 * unpacked JSON as bytes and as a string, the parsed rows and the decoded images peak at about 2.3
 * times the JSON's size (40 MB of JSON took 92 MB above the process's baseline; docs/decisions/0212).
 * 160 MB of JSON and a file of at most 160 MB stay well inside a function; this also bounds what a
 * small gzip file may unpack to.
 */
export const MAX_ARCHIVE_JSON_BYTES = 160 * 1024 * 1024

/** No value of ours nests deeper than a few levels; Postgres's jsonb parser fails past its stack. */
export const MAX_ARCHIVE_DEPTH = 64

export const tooLargeToRestore = () =>
  new ApiError(
    413,
    'This backup unpacks to more than 160 MB, more than the site can restore at once. Nothing was changed.',
  )

const mediaSchema = z.strictObject({
  key: z.string().regex(mediaKeyPattern, 'an image key must be <sha256>.<jpg|png|gif|webp>'),
  metadata: z.record(z.string(), z.json()),
  /** The image's bytes, base64. */
  data: z.base64('must be base64'),
})

const headerSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
})

export const archiveSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  /** The last migration of the database the rows were read from. */
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

export type BackupRow = Record<string, unknown>
export interface BackupArchive {
  format: typeof ARCHIVE_FORMAT
  version: typeof ARCHIVE_VERSION
  createdAt: string
  migration: string
  tables: Record<string, BackupRow[]>
  media: z.infer<typeof mediaSchema>[]
}

/** How deeply arrays and objects nest in a parsed JSON value; walked without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    deepest = Math.max(deepest, depth + 1)
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return deepest
}

/**
 * The archive as the file the owner downloads. One that would unpack to more than a restore takes
 * is refused here (413), not discovered when the site is to be restored.
 */
export function encodeArchive(archive: BackupArchive): Buffer {
  const json = Buffer.from(JSON.stringify(archive))
  if (json.length > MAX_ARCHIVE_JSON_BYTES) {
    throw new ApiError(
      413,
      'The site is too large for one backup: it would unpack to more than 160 MB, more than the site can restore at once.',
    )
  }
  return gzipSync(json)
}

export const notABackup = () =>
  badRequest('This file is not a backup of this site (a .json.gz file from Download Backup).')

/**
 * Reads and checks a whole archive before anything is written: a refusal is a 400 whose message
 * says what is wrong (another kind of file, a newer version, a damaged row).
 */
export function decodeArchive(file: Uint8Array): BackupArchive {
  let document: unknown
  try {
    const json = gunzipSync(file, { maxOutputLength: MAX_ARCHIVE_JSON_BYTES })
    document = JSON.parse(json.toString('utf8'))
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeToRestore()
    throw notABackup()
  }
  if (depthOf(document) > MAX_ARCHIVE_DEPTH) {
    throw badRequest(
      `The backup is damaged and was not restored: a value is nested more than ${MAX_ARCHIVE_DEPTH} levels deep.`,
    )
  }
  const header = headerSchema.safeParse(document)
  if (!header.success) throw notABackup()
  if (header.data.version !== ARCHIVE_VERSION) {
    throw badRequest(
      `This backup has format version ${header.data.version}; this site reads version ${ARCHIVE_VERSION}.`,
    )
  }
  const parsed = archiveSchema.safeParse(document)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.map((p) => (typeof p === 'number' ? `#${p + 1}` : String(p))).join(' ')
    throw badRequest(`The backup is damaged and was not restored: ${where}: ${issue.message}.`)
  }
  const archive = parsed.data as BackupArchive
  const position = knownMigrations.indexOf(archive.migration)
  if (position < 0) {
    throw badRequest(
      `This backup was made by a newer version of the site (database migration ${archive.migration}). Update the site first.`,
    )
  }
  return archive
}
