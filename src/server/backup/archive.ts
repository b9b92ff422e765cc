import { z } from 'zod'
import journal from '../../../supabase/migrations/meta/_journal.json' with { type: 'json' }
import { mediaKeyPattern } from '../blobs/images.ts'
import { ApiError, badRequest } from '../http/errors.ts'

/**
 * The backup archive (docs/decisions/0610-backup-archive.md, 0611-streamed-backups.md). Version 2,
 * what exports write: gzipped JSON Lines, read and written a line at a time:
 *
 *   {"format":"simracing-hub-backup","version":2,"createdAt":"...","migration":"..."}
 *   {"t":"games","r":{...}}                        one line per row, table by table (tables.ts order)
 *   {"image":{"key":"...","metadata":{},"data":"<base64>"}}    one line per image, after every row
 *   {"end":{"rows":{"games":12,...},"images":3}}   the counts: a file cut short is refused
 *
 * Version 1 (before 2026-11-27) was one gzipped JSON document, read whole (archive-v1.ts); it is
 * still restored.
 */
export const ARCHIVE_FORMAT = 'simracing-hub-backup'
export const ARCHIVE_VERSION = 2

/** The migrations this code knows, oldest first (drizzle-kit's journal). */
export const knownMigrations: readonly string[] = journal.entries.map((e) => e.tag)

/** No value of ours nests deeper than a few levels; Postgres's jsonb parser fails past its stack. */
export const MAX_ARCHIVE_DEPTH = 64

/**
 * The longest line a version 2 archive may have: an image of at most 10 MB is 13.4 MB of base64;
 * a row is at most an article of 200,000 characters and its History's snapshots. A line is held
 * whole while it is read, so this also bounds what a damaged file (a gzip bomb of one line) costs.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024

export type BackupRow = Record<string, unknown>

export const mediaSchema = z.strictObject({
  key: z.string().regex(mediaKeyPattern, 'an image key must be <sha256>.<jpg|png|gif|webp>'),
  metadata: z.record(z.string(), z.json()),
  /** The image's bytes, base64. */
  data: z.base64('must be base64'),
})
export type ArchiveImage = z.infer<typeof mediaSchema>

export const headerSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  /** The last migration of the database the rows were read from. */
  migration: z.string(),
})
export type ArchiveHeader = { format: typeof ARCHIVE_FORMAT; version: 1 | 2; createdAt: string; migration: string }

export const endSchema = z.strictObject({
  rows: z.record(z.string(), z.number().int().min(0)),
  images: z.number().int().min(0),
})

/** What an archive holds, in the order of its file: every row, table by table, then every image. */
export type ArchiveEntry =
  { kind: 'row'; table: string; row: BackupRow; line: string } | { kind: 'image'; image: ArchiveImage }

/** The archive's compressed bytes from the start, as often as a restore reads it (an upload's chunks, a file). */
export type ArchiveSource = () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>

export interface OpenedArchive {
  header: ArchiveHeader
  /**
   * Every row and image, read afresh from the source at each call. The file's structure (its order,
   * its end line and counts) is always checked; `checkRows` also checks each row against its table's
   * schema and each value's depth (the first pass of a restore; the second compares a digest).
   */
  entries: (checkRows: boolean) => AsyncIterable<ArchiveEntry>
}

export const headerLine = (header: ArchiveHeader) => `${JSON.stringify(header)}\n`
export const imageLine = (image: ArchiveImage) => `${JSON.stringify({ image })}\n`
export const endLine = (end: z.infer<typeof endSchema>) => `${JSON.stringify({ end })}\n`

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

export const notABackup = () =>
  badRequest('This file is not a backup of this site (a .json.gz file from Download Backup).')

export const damaged = (what: string) => badRequest(`The backup is damaged and was not restored: ${what}.`)

export const tooDeep = () => damaged(`a value is nested more than ${MAX_ARCHIVE_DEPTH} levels deep`)

export const newerVersion = (version: unknown) =>
  badRequest(`This backup has format version ${String(version)}; this site reads versions 1 and ${ARCHIVE_VERSION}.`)

/** An archive from a database migrated further than this code knows is refused: update the site first. */
export function checkMigration(migration: string): void {
  if (!knownMigrations.includes(migration)) {
    throw badRequest(
      `This backup was made by a newer version of the site (database migration ${migration}). Update the site first.`,
    )
  }
}

/** A zod issue as the owner reads it: 'games #1 title: Invalid input...'. */
export function issueText(issue: z.core.$ZodIssue, prefix: string): string {
  const where = [prefix, ...issue.path.map((p) => (typeof p === 'number' ? `#${p + 1}` : String(p)))]
  return `${where.filter(Boolean).join(' ')}: ${issue.message}`
}

/**
 * The time a backup may take in a function (Netlify's synchronous functions stop at 60 s, the panel
 * waits 65 s): building an export, or checking and writing a restore, stops here with a clear answer
 * and nothing half-done, rather than being cut off.
 */
export const FUNCTION_BACKUP_MS = 50_000

export const tooLongToExport = () =>
  new ApiError(
    413,
    `The site is too large to back up within the time a function has (${FUNCTION_BACKUP_MS / 1000} s). Nothing was saved; run npm run backup:export with the site's DATABASE_URL and Blobs instead (docs/admin.md).`,
  )

export const tooLongToRestore = () =>
  new ApiError(
    413,
    `This backup is too large to restore within the time a function has (${FUNCTION_BACKUP_MS / 1000} s). Nothing was changed; restore it with npm run backup:restore with the site's DATABASE_URL and Blobs instead (docs/admin.md).`,
  )
