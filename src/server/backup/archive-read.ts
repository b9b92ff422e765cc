import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { getTableName } from 'drizzle-orm'
import type { z } from 'zod'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  checkMigration,
  damaged,
  depthOf,
  endSchema,
  headerSchema,
  issueText,
  MAX_ARCHIVE_DEPTH,
  MAX_LINE_BYTES,
  mediaSchema,
  newerVersion,
  notABackup,
  tooDeep,
  type ArchiveEntry,
  type ArchiveSource,
  type BackupRow,
  type OpenedArchive,
} from './archive.ts'
import { openArchiveV1, tooLargeToRestore } from './archive-v1.ts'
import { backupTables, rowSchema } from './tables.ts'
import { MAX_BACKUP_BYTES } from './upload.ts'

/**
 * Opens an archive for a restore: a version 2 file is read as a stream, a line at a time, as often
 * as the restore asks (memory: one line and one chunk of the source); a version 1 file is read
 * whole, as before (archive-v1.ts). Which one it is, the first line says.
 */
export async function openArchive(source: ArchiveSource): Promise<OpenedArchive> {
  const first = await firstLine(source)
  const header = first === undefined ? undefined : parseJson(first)
  const looksOurs =
    header !== null && typeof header === 'object' && (header as { format?: unknown }).format === ARCHIVE_FORMAT
  if (!looksOurs || (header as { version?: unknown }).version === 1) return openArchiveV1(await wholeFile(source))
  const { version } = header as { version?: unknown }
  if (version !== ARCHIVE_VERSION) throw newerVersion(version)
  const parsed = headerSchema.safeParse(header)
  if (!parsed.success) throw damaged(issueText(parsed.error.issues[0]!, 'its first line'))
  checkMigration(parsed.data.migration)
  return { header: parsed.data, entries: (checkRows) => readEntries(source, checkRows) }
}

/** The rows' schemas, by table name, and each table's place in the archive's order. */
const tables = new Map<string, { index: number; schema: z.ZodType }>(
  backupTables.map(({ table }, index) => [getTableName(table), { index, schema: rowSchema(table) }]),
)

/** A version 2 archive's rows and images, checked line by line as they are read. */
async function* readEntries(source: ArchiveSource, checkRows: boolean): AsyncGenerator<ArchiveEntry> {
  const rows: Record<string, number> = {}
  let images = 0
  let place = 0
  let lineNumber = 0
  let end: z.infer<typeof endSchema> | undefined
  for await (const lines of lineBatches(source)) {
    for (const line of lines) {
      lineNumber += 1
      if (lineNumber === 1) continue // the header, read by openArchive
      if (end) throw damaged(`line ${lineNumber} comes after the end`)
      const value = parseJson(line) as Record<string, unknown> | null
      if (value === null || typeof value !== 'object') throw damaged(`line ${lineNumber} is not JSON`)
      if (typeof value.t === 'string') {
        const table = tables.get(value.t)
        if (!table) throw damaged(`line ${lineNumber} is a row of an unknown table (${value.t})`)
        if (table.index < place || images > 0) throw damaged(`line ${lineNumber}: the ${value.t} rows are out of order`)
        place = table.index
        const count = (rows[value.t] = (rows[value.t] ?? 0) + 1)
        if (checkRows) checkRow(value, table.schema, `${value.t} #${count}`)
        yield { kind: 'row', table: value.t, row: value.r as BackupRow, line }
      } else if ('image' in value) {
        const image = mediaSchema.safeParse(value.image)
        if (!image.success) throw damaged(issueText(image.error.issues[0]!, `image #${images + 1}`))
        images += 1
        yield { kind: 'image', image: image.data }
      } else if ('end' in value) {
        const parsed = endSchema.safeParse(value.end)
        if (!parsed.success) throw damaged(issueText(parsed.error.issues[0]!, 'its end'))
        end = parsed.data
      } else {
        throw damaged(`line ${lineNumber} is neither a row, an image nor the end`)
      }
    }
  }
  if (!end) throw damaged('it ends early (its last line is missing)')
  const counted = Object.entries(end.rows).filter(([, n]) => n > 0)
  const read = Object.entries(rows)
  const same = counted.length === read.length && counted.every(([table, n]) => rows[table] === n)
  if (!same || end.images !== images) throw damaged('it holds fewer or more rows or images than its end line counts')
}

function checkRow(value: Record<string, unknown>, schema: z.ZodType, where: string): void {
  const keys = Object.keys(value)
  if (keys.length !== 2 || !('r' in value)) throw damaged(`${where}: a row line must be {"t":..., "r":...}`)
  if (depthOf(value.r) > MAX_ARCHIVE_DEPTH) throw tooDeep()
  const parsed = schema.safeParse(value.r)
  if (!parsed.success) throw damaged(issueText(parsed.error.issues[0]!, where))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The unpacked bytes, as they come; a file that is not gzip (or is cut short) is not a backup. */
async function* gunzipped(source: ArchiveSource): AsyncGenerator<Buffer> {
  const gunzip = createGunzip()
  const feeding = pipeline(Readable.from(source(), { objectMode: false }), gunzip).catch(() => {})
  try {
    for await (const chunk of gunzip) yield chunk as Buffer
  } catch (error) {
    if (/^Z_/.test(String((error as { code?: unknown }).code))) throw notABackup()
    throw error
  } finally {
    gunzip.destroy()
    await feeding
  }
}

/**
 * The unpacked file as lines (without their newline), a batch per unpacked chunk. A line is held
 * whole while it is read: one longer than MAX_LINE_BYTES is refused as it grows.
 */
async function* lineBatches(source: ArchiveSource): AsyncGenerator<string[]> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  const tooLong = () => damaged(`a line is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB`)
  for await (const chunk of gunzipped(source)) {
    const lines: string[] = []
    let start = 0
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline)
      if (pendingBytes + piece.length > MAX_LINE_BYTES) throw tooLong()
      lines.push((pendingBytes ? Buffer.concat([...pending, piece]) : piece).toString('utf8'))
      pending = []
      pendingBytes = 0
      start = newline + 1
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start))
      pendingBytes += chunk.length - start
      if (pendingBytes > MAX_LINE_BYTES) throw tooLong()
    }
    if (lines.length) yield lines
  }
  if (pendingBytes) yield [Buffer.concat(pending).toString('utf8')]
}

/** The first line, if it is short enough to be a version 2 header (a version 1 document is one long line). */
async function firstLine(source: ArchiveSource): Promise<string | undefined> {
  const limit = 64 * 1024
  const seen: Buffer[] = []
  let bytes = 0
  try {
    for await (const chunk of gunzipped(source)) {
      const newline = chunk.indexOf(10)
      if (newline >= 0) return Buffer.concat([...seen, chunk.subarray(0, newline)]).toString('utf8')
      seen.push(chunk)
      bytes += chunk.length
      if (bytes > limit) return undefined
    }
  } catch (error) {
    // Not gzip at all: the version 1 reader says so, as it always has.
    if ((error as { status?: unknown }).status === 400) return undefined
    throw error
  }
  return undefined
}

/** A version 1 archive, read whole: at most what an upload takes. */
async function wholeFile(source: ArchiveSource): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  let bytes = 0
  for await (const chunk of source()) {
    bytes += chunk.length
    if (bytes > MAX_BACKUP_BYTES) throw tooLargeToRestore()
    parts.push(chunk)
  }
  return Buffer.concat(parts)
}
