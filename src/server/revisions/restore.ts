import { and, eq, getTableColumns, inArray, isNull, notInArray, or } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { restoredStoreState, type StoreValues } from '../../lib/game-store.ts'
import { changedFields, readByRefresh, versionName, type RevisionEntity } from '../../lib/revisions.ts'
import { db } from '../db/client.ts'
import { games, raceSessions, revisions, standingsRows, standingsSets } from '../db/schema.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { noteChange } from '../events/note-change.ts'

import { withSanitizedContent } from '../repos/news.repo.ts'
import {
  keepRevision,
  readVersion,
  storedColumns,
  versionedTables,
  type RowEntity,
  type Snapshot,
  type Tx,
} from './keep.ts'

export const versionNotFound = 'Version not found'
export const nothingToRestore = 'This version has nothing to restore: the record did not exist before it.'

/** A stored snapshot (JSON) as column values: dates back to Dates, only the table's stored columns. */
function valuesOf(columns: Record<string, PgColumn>, snapshot: Snapshot, skip: Set<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(columns)) {
    if (skip.has(key) || !(key in snapshot)) continue
    const value = snapshot[key]
    values[key] = column.dataType === 'date' && typeof value === 'string' ? new Date(value) : value
  }
  return values
}

/**
 * A record that still exists keeps its id, creation time and place in the list (the order is
 * arranged by move/reorder, not versioned), and what a refresh last read (a stream's live state, the
 * store's offers: src/lib/revisions.ts `readByRefresh`); a deleted one comes back with all of them.
 */
const keptWhenPresent = new Set<string>(['id', 'createdAt', 'displayOrder', ...readByRefresh])

/** A game's store fields: the version's words and choices, with what the store said last (src/lib/game-store.ts). */
function gameStoreValues(values: Record<string, unknown>, current: Snapshot): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const restored = restoredStoreState(
    {
      price: text(values.price),
      description: text(values.description),
      imageUrl: text(values.imageUrl),
      storeFields: Array.isArray(values.storeFields) ? (values.storeFields as string[]) : [],
    },
    current.storeValues as StoreValues | null | undefined,
  )
  return { ...restored.values, storeFields: restored.storeFields, storeValues: restored.storeValues }
}

async function writeRow(
  tx: Tx,
  entity: RowEntity,
  id: number,
  snapshot: Snapshot,
  current: Snapshot | undefined,
): Promise<void> {
  const table = versionedTables[entity] as PgTable & { id: PgColumn }
  const exists = current !== undefined
  const stored = valuesOf(storedColumns(versionedTables[entity]), snapshot, exists ? keptWhenPresent : new Set())
  // A snapshot is stored JSON (a backup may have brought it): an article's HTML is written sanitized.
  const values = entity === 'news' ? withSanitizedContent(stored) : stored
  if (entity === 'game' && current) Object.assign(values, gameStoreValues(values, current))
  values.updatedAt = new Date()
  if (entity === 'review' && typeof values.gameId === 'number') {
    // The reviewed game may be gone since: the review comes back without its link, as its delete would leave it.
    const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, values.gameId))
    if (!game) values.gameId = null
  }
  if (exists) await tx.update(table).set(values).where(eq(table.id, id))
  else await tx.insert(table).values({ ...values, id })
}

async function writeStandings(tx: Tx, id: number, snapshot: Snapshot, exists: boolean): Promise<void> {
  const values = valuesOf(getTableColumns(standingsSets), snapshot, exists ? keptWhenPresent : new Set())
  if (exists) {
    await tx.update(standingsSets).set(values).where(eq(standingsSets.id, id))
    await tx.delete(standingsRows).where(eq(standingsRows.setId, id))
  } else {
    await tx.insert(standingsSets).values({ ...(values as typeof standingsSets.$inferInsert), id })
  }
  const rows = Array.isArray(snapshot.standings) ? (snapshot.standings as Snapshot[]) : []
  const rowColumns = getTableColumns(standingsRows)
  if (rows.length) {
    await tx.insert(standingsRows).values(
      rows.map((row, rowIndex) => ({
        ...(valuesOf(rowColumns, row, new Set(['setId', 'rowIndex'])) as typeof standingsRows.$inferInsert),
        setId: id,
        rowIndex,
      })),
    )
  }
  if (Array.isArray(snapshot.rounds)) await relinkRounds(tx, id, snapshot.rounds as number[])
}

/**
 * A results table's version names the imported sessions it counted: those come back to it (unless
 * another championship has taken them since), the ones imported after it are let go (they stay,
 * with their laps, and can be imported nowhere else: their files are known).
 */
async function relinkRounds(tx: Tx, id: number, rounds: number[]): Promise<void> {
  const ofSet = eq(raceSessions.setId, id)
  await tx
    .update(raceSessions)
    .set({ setId: null })
    .where(rounds.length ? and(ofSet, notInArray(raceSessions.id, rounds)) : ofSet)
  if (rounds.length) {
    await tx
      .update(raceSessions)
      .set({ setId: id })
      .where(and(inArray(raceSessions.id, rounds), or(isNull(raceSessions.setId), ofSet)))
  }
}

export interface Restored {
  entity: RevisionEntity
  id: number
  name: string
  /** The record as it is now (the version restored). */
  record: Snapshot
}

/**
 * Puts a record back as it was in one version, in one transaction: the version it replaces is kept
 * first (a 'restore' revision; {} when the record had been deleted), then the record is written
 * back, under its own id. A version that changes nothing against the record keeps nothing.
 */
export async function restoreRevision(revisionId: number): Promise<Restored> {
  return db().transaction(async (tx) => {
    const [version] = await tx.select().from(revisions).where(eq(revisions.id, revisionId))
    if (!version) throw notFound(versionNotFound)
    const entity = version.entity as RevisionEntity
    const id = version.entityId
    const snapshot = version.snapshot
    if (Object.keys(snapshot).length === 0) throw badRequest(nothingToRestore)
    const current = await readVersion(tx, entity, id)
    // As ISO: the History writes it in the zone of the day it is read (src/lib/panel-time.ts inText).
    const when = version.createdAt.toISOString()
    if (current && changedFields(current, snapshot).length === 0)
      return { entity, id, name: versionName(entity, current), record: current }
    await keepRevision(tx, {
      entity,
      id,
      action: 'restore',
      before: current ?? {},
      after: current ? snapshot : undefined,
      by: { summary: current ? `Restored the version of ${when}` : `Restored after deletion (version of ${when})` },
    })
    if (entity === 'standings') await writeStandings(tx, id, snapshot, Boolean(current))
    else await writeRow(tx, entity, id, snapshot, current ?? undefined)
    const record = (await readVersion(tx, entity, id))!
    await noteChange(tx, entity, id, current ?? undefined, record)
    return { entity, id, name: versionName(entity, record), record }
  })
}
