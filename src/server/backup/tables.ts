import { getTableColumns, getTableName, type Column } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { isSafeUrl } from '../../lib/forms/fields.ts'
import { featureList } from '../features/index.ts'
import {
  accessories,
  aiSettings,
  championshipResults,
  games,
  imageLibrary,
  newsArticles,
  raceLaps,
  raceSessions,
  reviews,
  revisions,
  schedulerJobs,
  schedulerSettings,
  seoSettings,
  siteSettings,
  standingsRows,
  standingsSets,
  streams,
} from '../db/schema.ts'

/**
 * What a backup holds (docs/decisions/0610-backup-archive.md): every table of content and settings,
 * the core's and each feature's (their `backupTables`), in an order that inserts a row after the rows
 * it refers to (reviews after games, standings rows after their sets). Each entry names the columns the rows are sorted by, so two exports of the same
 * data are the same file.
 *
 * Left out on purpose: secrets (admin_credentials, admin_sessions, login_attempts, server_secrets,
 * ai_spend_reservations: the owner keeps their password and two-factor login) and the ledgers of the
 * running installation (audit_log, ai_call_log, deploys, jobs, scheduler_runs, publish_state): the
 * AI spend and deploy budgets count from them, so a restore must never rewrite them. Nor the audience
 * figures (analytics_* but the settings, link_checks): counts, not content, which a restore of an
 * older archive would rewind; and never the daily salts, which must not outlive their two days.
 */
/** A table of the backup and the columns its rows are sorted by; `since` names the archive feature that added it. */
export interface BackupTable {
  table: PgTable
  orderBy: readonly string[]
  since?: string
  /**
   * A feature's table goes right after this one (a database table name) rather than at the end: an
   * archive lists its tables in this order and a restore refuses rows out of it, so a table keeps
   * the place it had in the archives already written.
   */
  after?: string
}

/** The core tables, in an order that inserts a row after the rows it refers to. */
const coreTables: readonly BackupTable[] = [
  { table: games, orderBy: ['id'] },
  { table: accessories, orderBy: ['id'] },
  { table: newsArticles, orderBy: ['id'] },
  { table: standingsSets, orderBy: ['id'] },
  { table: standingsRows, orderBy: ['set_id', 'row_index'] },
  { table: championshipResults, orderBy: ['id'] },
  // Added after the archive's first version: an archive without them restores with none.
  { table: raceSessions, orderBy: ['id'], since: 'race-results' },
  { table: raceLaps, orderBy: ['id'], since: 'race-results' },
  { table: streams, orderBy: ['id'] },
  { table: reviews, orderBy: ['id'] },
  { table: siteSettings, orderBy: ['key'] },
  { table: seoSettings, orderBy: ['page'] },
  { table: aiSettings, orderBy: ['id'] },
  { table: schedulerSettings, orderBy: ['id'] },
  { table: schedulerJobs, orderBy: ['kind'] },
  { table: imageLibrary, orderBy: ['id'] },
  { table: revisions, orderBy: ['id'] },
]

/** The core tables and each feature's (src/server/features), each feature's where it says. */
function withFeatureTables(core: readonly BackupTable[]): BackupTable[] {
  const all = [...core]
  for (const entry of featureList.flatMap((f) => f.backupTables ?? [])) {
    const at = entry.after ? all.findIndex((t) => getTableName(t.table) === entry.after) : -1
    if (entry.after && at === -1)
      throw new Error(`No backup table ${entry.after} to put ${getTableName(entry.table)} after`)
    // Consecutive tables of one feature keep their order after the same table.
    let place = at === -1 ? all.length : at + 1
    while (entry.after && place < all.length && all[place]!.after === entry.after) place++
    all.splice(place, 0, entry)
  }
  return all
}

export const backupTables: readonly BackupTable[] = withFeatureTables(coreTables)

/** Tables whose rows are the site's content: a site with any of them is not empty. */
export const contentTables = [
  games,
  accessories,
  newsArticles,
  standingsSets,
  championshipResults,
  raceSessions,
  streams,
  reviews,
  imageLibrary,
  ...featureList.flatMap((f) => f.contentTables ?? []),
].map(getTableName)

/** The stored columns of a table (generated ones, such as news search_text, are Postgres's to write). */
export function storedColumns(table: PgTable): Column[] {
  return Object.values(getTableColumns(table)).filter((c) => !(c as { generated?: unknown }).generated)
}

/** Whether the table has a serial id whose sequence must be set past the restored rows. */
export const hasSerialId = (table: PgTable) => storedColumns(table).some((c) => c.columnType === 'PgSerial')

const timestamp = z.iso.datetime({ offset: true, message: 'must be a date and time' })

/** A column's value as Postgres's to_jsonb writes it (timestamps as ISO text with their microseconds). */
function jsonValue(column: Column): z.ZodType {
  const enumValues = column.enumValues as [string, ...string[]] | undefined
  switch (column.columnType) {
    case 'PgSerial':
    case 'PgInteger':
      return z.number().int()
    case 'PgDoublePrecision':
    case 'PgNumeric':
      return z.number()
    case 'PgBoolean':
      return z.boolean()
    case 'PgTimestamp':
      return timestamp
    case 'PgArray':
      return z.array(z.string())
    case 'PgJsonb':
      return z.json()
    case 'PgText':
    case 'PgEnumColumn':
      return enumValues?.length ? z.enum(enumValues) : z.string()
    default:
      throw new Error(`No backup format for column ${column.name} (${column.columnType})`)
  }
}

/** What a restored address may be: what the API takes (an http(s) address or a path on this site), or none. */
const addressMessage = 'must be an http(s) address or a path on this site'
const address = (value: z.ZodType) =>
  value.refine(
    (v) => v === null || v === undefined || v === '' || (typeof v === 'string' && isSafeUrl(v)),
    addressMessage,
  )

/**
 * A column's rules beyond its type: those the API holds its writes to (issue 42: a restored archive
 * wrote `javascript:` purchase links and a game numbered -5, which the API would have refused).
 * Ids are whole numbers from 1; addresses (`url`, `*_url`, `*_urls`) are http(s) or a site path.
 */
function withFieldRules(column: Column, value: z.ZodType): z.ZodType {
  const name = column.name
  const isId = name === 'id' || name.endsWith('_id')
  if (isId && (column.columnType === 'PgSerial' || column.columnType === 'PgInteger')) {
    return z.number().int().min(1, 'must be a whole number from 1')
  }
  if (column.columnType === 'PgText' && (name === 'url' || name.endsWith('_url'))) return address(value)
  if (column.columnType === 'PgArray' && name.endsWith('_urls')) {
    return z.array(z.string().refine((v) => isSafeUrl(v), addressMessage))
  }
  return value
}

/** Rules of a row as a whole: the site settings whose value is an address. */
const rowRules: Record<string, (row: Record<string, unknown>) => string | undefined> = {
  site_settings: (row) =>
    row.key === 'hero_image' && typeof row.value === 'string' && row.value !== '' && !isSafeUrl(row.value)
      ? addressMessage
      : undefined,
}

/**
 * The zod schema of one table's rows in an archive, derived from the Drizzle table (the schema is
 * the single source of truth) with the API's field rules. Keys are the database's column names. A
 * column with a default may be missing (an archive from an earlier migration); an unknown column is
 * refused, never dropped.
 */
export function rowSchema(table: PgTable) {
  const shape: Record<string, z.ZodType> = {}
  for (const column of storedColumns(table)) {
    let value = withFieldRules(column, jsonValue(column))
    if (!column.notNull) value = value.nullable()
    const required = column.primary || (column.notNull && !column.hasDefault)
    shape[column.name] = required ? value : value.optional()
  }
  const rule = rowRules[getTableName(table)]
  const schema = z.strictObject(shape)
  return rule
    ? schema.superRefine((row, ctx) => {
        const problem = rule(row)
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] })
      })
    : schema
}
