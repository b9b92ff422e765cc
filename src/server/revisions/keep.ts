import { and, asc, desc, eq, getTableColumns, notInArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  changedFields,
  fieldLabel,
  REVISIONS_KEPT,
  type RevisionAction,
  type RevisionActor,
  type RevisionEntity,
} from '../../lib/revisions.ts'
import type { Database } from '../db/client.ts'
import { shownFieldsDiffer } from '../cdn/outbox.ts'
import { noteChange } from '../events/note-change.ts'
import {
  accessories,
  games,
  newsArticles,
  raceSessions,
  reviews,
  revisions,
  standingsRows,
  standingsSets,
  streams,
} from '../db/schema.ts'

/** A transaction (or the database itself): revisions are written beside the change they record. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/**
 * A new record, inserted by `insert` in the caller's transaction, owes the purge of the public
 * answers it shows up in. Answers the record.
 */
export async function insertVersioned<R extends { id: number; status?: unknown }>(
  tx: Tx,
  entity: RevisionEntity,
  insert: () => Promise<R>,
): Promise<R> {
  const row = await insert()
  await noteChange(tx, entity, row.id, undefined, row)
  return row
}

export type Snapshot = Record<string, unknown>

/** The tables of the records with a history, each keyed by its own serial id. Standings are a set and its rows. */
export const versionedTables = {
  game: games,
  accessory: accessories,
  stream: streams,
  review: reviews,
  news: newsArticles,
} satisfies Record<Exclude<RevisionEntity, 'standings'>, PgTable & { id: PgColumn }>

export type RowEntity = keyof typeof versionedTables
type RowTable = (typeof versionedTables)[RowEntity]

/** The columns a version consists of: every stored column (news' generated search text is Postgres's). */
export function storedColumns(table: RowTable): Record<string, PgColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated))
}

/** Who made a change and how the history describes it; the admin unless a refresh says otherwise. */
export interface ChangeBy {
  actor?: RevisionActor
  summary?: string
}

/**
 * The record as it is now, locked until the transaction ends (so the version kept is the one the
 * change replaces), or undefined when there is no such record.
 */
export async function readVersion(tx: Tx, entity: RevisionEntity, id: number): Promise<Snapshot | undefined> {
  if (entity === 'standings') {
    const [set] = await tx.select().from(standingsSets).where(eq(standingsSets.id, id)).for('update')
    if (!set) return undefined
    const rows = await tx
      .select()
      .from(standingsRows)
      .where(eq(standingsRows.setId, id))
      .orderBy(asc(standingsRows.rowIndex))
    const version: Snapshot = { ...set, standings: rows.map(({ setId: _setId, rowIndex: _rowIndex, ...row }) => row) }
    if (set.source === 'results') {
      // The imported sessions it counts are part of a results table's version: restoring one
      // undoes the imports made since (docs/decisions/0421).
      const rounds = await tx
        .select({ id: raceSessions.id })
        .from(raceSessions)
        .where(eq(raceSessions.setId, id))
        .orderBy(asc(raceSessions.id))
      version.rounds = rounds.map((r) => r.id)
    }
    return version
  }
  const table: RowTable = versionedTables[entity]
  const [row] = await tx
    .select(storedColumns(table))
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update')
  return row
}

interface Change {
  entity: RevisionEntity
  id: number
  action: RevisionAction
  /** The version the change replaces ({} when a deleted record comes back). */
  before: Snapshot
  /** The record after an update, to name the fields it changed. */
  after?: Snapshot
  by?: ChangeBy
}

const verbs: Record<RevisionAction, string> = { update: 'Edited', delete: 'Deleted', restore: 'Restored' }

/**
 * Keeps the version a change replaces, in the change's transaction, and drops the record's oldest
 * versions beyond REVISIONS_KEPT. An update that changed no content keeps nothing. Answers whether
 * a version was kept.
 */
export async function keepRevision(tx: Tx, change: Change): Promise<boolean> {
  const fields = change.after ? changedFields(change.before, change.after) : []
  if (change.action === 'update' && fields.length === 0) return false
  const summary =
    change.by?.summary ??
    (change.action === 'update'
      ? `${verbs.update} ${fields.map(fieldLabel).join(', ')}`
      : `${verbs[change.action]} the record`)
  await tx.insert(revisions).values({
    entity: change.entity,
    entityId: change.id,
    action: change.action,
    // JSON as the API answers it: dates become ISO strings.
    snapshot: JSON.parse(JSON.stringify(change.before)) as Snapshot,
    changedFields: fields,
    actor: change.by?.actor ?? 'admin',
    summary,
  })
  await pruneRevisions(tx, change.entity, change.id)
  return true
}

async function pruneRevisions(tx: Tx, entity: RevisionEntity, id: number): Promise<void> {
  const ofRecord = and(eq(revisions.entity, entity), eq(revisions.entityId, id))
  const kept = tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(ofRecord)
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
    .limit(REVISIONS_KEPT)
  await tx.delete(revisions).where(and(ofRecord, notInArray(revisions.id, kept)))
}

/**
 * The usual shape of a versioned update: lock and read the record, change it (the change sees the
 * locked record: a write that depends on it cannot race another), keep the version it replaced, and
 * owe the purge of the public answers it shows up in (src/server/cdn/outbox.ts).
 * Answers the changed record, or undefined when there is none (nothing is written).
 */
export async function updateVersioned<R extends Snapshot>(
  tx: Tx,
  entity: RevisionEntity,
  id: number,
  change: (before: Snapshot) => Promise<R | undefined>,
  by?: ChangeBy,
): Promise<R | undefined> {
  const before = await readVersion(tx, entity, id)
  if (!before) return undefined
  const row = await change(before)
  if (!row) return undefined
  const after = entity === 'standings' ? await readVersion(tx, entity, id) : row
  await keepRevision(tx, { entity, id, action: 'update', before, after, by })
  if (after && shownFieldsDiffer(before, after)) await noteChange(tx, entity, id, before, after)
  return row
}

/** Deletes a record after keeping its last version (and owes its purge): false when there is none. */
export async function deleteVersioned(
  tx: Tx,
  entity: RevisionEntity,
  id: number,
  remove: () => Promise<unknown>,
  by?: ChangeBy,
): Promise<boolean> {
  const before = await readVersion(tx, entity, id)
  if (!before) return false
  await keepRevision(tx, { entity, id, action: 'delete', before, by })
  await remove()
  await noteChange(tx, entity, id, before, undefined)
  return true
}
