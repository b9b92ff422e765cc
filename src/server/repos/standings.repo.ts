import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { PointsSystem } from '../../lib/race-points.ts'
import { mergeOwnerEdits, type StoredStandingsRow } from '../../lib/standings-merge.ts'
import { sourceLabel, type StandingsSource } from '../../lib/standings-source.ts'
import { db } from '../db/client.ts'
import { standingsRows, standingsSets } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import {
  deleteVersioned,
  keepRevision,
  readVersion,
  updateVersioned,
  type ChangeBy,
  type Snapshot,
  type Tx,
} from '../revisions/keep.ts'
import { markChanged } from '../cdn/outbox.ts'
import { ownerTime } from './site-settings.repo.ts'
import type { PanelTime } from '../../lib/panel-time.ts'

export interface StandingsRow {
  position: number
  driverName: string
  team: string
  points: number
}

/** A row as listed: `edited` when the owner changed it by hand (a refresh keeps it; issue 17). */
export interface ListedStandingsRow extends StandingsRow {
  edited: boolean
}

export interface StandingsSet {
  id: number
  championshipName: string
  season: string
  lastUpdated: Date
  completedRounds: number | null
  totalRounds: number | null
  displayOrder: number
  /** Where the table comes from (docs/decisions/0420): ai, jolpica or results. */
  source: StandingsSource
  sourceSeries: string | null
  sourceSeason: string | null
  pointsSystem: PointsSystem | null
  /** Race results: the one class counted (docs/decisions/0424), or null. */
  carClass: string | null
  sourceUrls: string[]
  standings: StandingsRow[]
}

export interface AdminStandingsSet extends Omit<StandingsSet, 'standings'> {
  standings: ListedStandingsRow[]
}

/** Every standings set in display order, each with all its driver rows in row order. */
export async function listStandings(): Promise<StandingsSet[]> {
  const sets = await listStandingsWithEdits()
  // The public answer has no edit marks: they are the owner's business.
  return sets.map((set) => ({ ...set, standings: set.standings.map(({ edited: _edited, ...row }) => row) }))
}

/** The admin's list: each row says whether the owner edited it by hand (a refresh keeps those). */
export async function listStandingsWithEdits(): Promise<AdminStandingsSet[]> {
  const sets = await db().select().from(standingsSets).orderBy(asc(standingsSets.displayOrder), asc(standingsSets.id))
  if (sets.length === 0) return []
  const rows = await db()
    .select()
    .from(standingsRows)
    .where(
      inArray(
        standingsRows.setId,
        sets.map((s) => s.id),
      ),
    )
    .orderBy(asc(standingsRows.setId), asc(standingsRows.rowIndex))
  const bySet = new Map<number, ListedStandingsRow[]>()
  for (const r of rows) {
    const list = bySet.get(r.setId) ?? []
    list.push({
      position: r.position,
      driverName: r.driverName,
      team: r.team,
      points: r.points,
      edited: r.editedAt !== null,
    })
    bySet.set(r.setId, list)
  }
  return sets.map(({ createdAt: _createdAt, ...set }) => ({
    ...set,
    source: set.source as StandingsSource,
    standings: bySet.get(set.id) ?? [],
  }))
}

export async function getStandingsSet(id: number): Promise<StandingsSet | undefined> {
  const all = await listStandings()
  return all.find((s) => s.id === id)
}

export interface NewStandingsSet {
  championshipName: string
  season?: string
  lastUpdated?: Date
  completedRounds?: number | null
  totalRounds?: number | null
  displayOrder?: number
  source?: StandingsSource
  sourceSeries?: string | null
  sourceSeason?: string | null
  pointsSystem?: PointsSystem | null
  carClass?: string | null
  sourceUrls?: string[]
  standings: StandingsRow[]
}

/** Inserts a set and its rows in one transaction (rows keep the given order as rowIndex). */
export async function insertStandingsSet(input: NewStandingsSet): Promise<number> {
  return db().transaction(async (tx) => {
    const { standings, ...set } = input
    const [created] = await tx.insert(standingsSets).values(set).returning({ id: standingsSets.id })
    const id = created!.id
    if (standings.length) {
      await tx.insert(standingsRows).values(standings.map((row, rowIndex) => ({ ...row, setId: id, rowIndex })))
    }
    await markChanged(tx, ['standings'])
    return id
  })
}

export async function deleteStandingsSet(id: number, by?: ChangeBy): Promise<boolean> {
  return db().transaction((tx) =>
    deleteVersioned(tx, 'standings', id, () => tx.delete(standingsSets).where(eq(standingsSets.id, id)), by),
  )
}

export interface DriverEdit {
  driverName: string
  team: string
  points: number
}

/**
 * Edits one driver row (driverIndex = row order, 0-based) and marks it as the owner's, so that a
 * refresh keeps it; false when the set or row does not exist. The set as it was is kept as a version
 * (src/server/revisions).
 */
export async function updateStandingsDriver(
  setId: number,
  rowIndex: number,
  edit: DriverEdit,
  now = new Date(),
  by?: ChangeBy,
): Promise<boolean> {
  const updated = await db().transaction((tx) =>
    updateVersioned(
      tx,
      'standings',
      setId,
      async () => {
        const [row] = await tx
          .update(standingsRows)
          .set({ ...edit, editedAt: now })
          .where(and(eq(standingsRows.setId, setId), eq(standingsRows.rowIndex, rowIndex)))
          .returning({ setId: standingsRows.setId })
        return row
      },
      { summary: `Edited driver ${rowIndex + 1}: ${edit.driverName}`, ...by },
    ),
  )
  return updated !== undefined
}

/** Lets the next refresh overwrite a hand-edited row again; false when the set or row does not exist. */
export async function releaseStandingsDriver(setId: number, rowIndex: number): Promise<boolean> {
  return db().transaction(async (tx) => {
    const updated = await tx
      .update(standingsRows)
      .set({ editedAt: null })
      .where(and(eq(standingsRows.setId, setId), eq(standingsRows.rowIndex, rowIndex)))
      .returning({ setId: standingsRows.setId })
    if (updated.length > 0) await markChanged(tx, ['standings'])
    return updated.length > 0
  })
}

/**
 * Applies a new display order in one transaction: every id must exist, or nothing changes.
 * The order is not versioned: it arranges the list, and a restore keeps it (docs/decisions/0600).
 * Answers the ids that do not exist (empty on success).
 */
export async function reorderStandings(updates: { id: number; displayOrder: number }[]): Promise<number[]> {
  return db().transaction(async (tx) => {
    const ids = updates.map((u) => u.id)
    const found = await tx
      .select({ id: standingsSets.id })
      .from(standingsSets)
      .where(inArray(standingsSets.id, ids))
      .for('update')
    const known = new Set(found.map((r) => r.id))
    const missing = ids.filter((id) => !known.has(id))
    if (missing.length) return missing
    for (const u of updates) {
      await tx.update(standingsSets).set({ displayOrder: u.displayOrder }).where(eq(standingsSets.id, u.id))
    }
    await markChanged(tx, ['standings'])
    return []
  })
}

export async function findStandingsSetByName(name: string): Promise<StandingsSet | undefined> {
  const all = await listStandings()
  const key = name.trim().toLowerCase()
  return all.find((s) => s.championshipName.trim().toLowerCase() === key)
}

export interface GeneratedStandings {
  championshipName: string
  season: string
  completedRounds: number | null
  totalRounds: number | null
  standings: StandingsRow[]
  /** The pages the AI took the table from. */
  sourceUrls?: string[]
}

/** The words of the refusal when the AI would write over a table from real results. */
export function realTableMessage(
  set: Pick<StandingsSet, 'championshipName' | 'source' | 'sourceUrls' | 'lastUpdated' | 'completedRounds'>,
  time: PanelTime,
): string {
  const label = sourceLabel(set, time.recent)
  return `${set.championshipName} standings come from ${label.title.toLowerCase()} (${label.detail}); the AI does not overwrite them.`
}

/** A new table for a set, as its source gives it. */
export interface TableUpdate {
  season?: string
  completedRounds?: number | null
  totalRounds?: number | null
  sourceUrls?: string[]
  standings: StandingsRow[]
}

/**
 * Writes a set's new table in the caller's transaction: the set's facts, its rows merged with the
 * owner's hand edits (src/lib/standings-merge.ts; an edit survives every refresh, decision 0407),
 * then the version it replaced is kept by `by`. `lastUpdated` is when the source was read.
 */
export async function writeStandingsTable(
  tx: Tx,
  id: number,
  update: TableUpdate,
  now: Date,
  by: ChangeBy,
  /** The version replaced, when the caller changed more of the record first (an import's rounds). */
  replaced?: Snapshot,
): Promise<void> {
  const before = replaced ?? (await readVersion(tx, 'standings', id))
  if (!before) throw new ApiError(404, 'Championship standings not found')
  const { standings, ...facts } = update
  await tx
    .update(standingsSets)
    .set({ ...facts, lastUpdated: now })
    .where(eq(standingsSets.id, id))
  const stored: StoredStandingsRow[] = await tx
    .select({
      position: standingsRows.position,
      driverName: standingsRows.driverName,
      team: standingsRows.team,
      points: standingsRows.points,
      editedAt: standingsRows.editedAt,
    })
    .from(standingsRows)
    .where(eq(standingsRows.setId, id))
    .orderBy(asc(standingsRows.rowIndex))
  await tx.delete(standingsRows).where(eq(standingsRows.setId, id))
  const rows = mergeOwnerEdits(standings, stored)
  if (rows.length) {
    await tx.insert(standingsRows).values(rows.map((row, rowIndex) => ({ ...row, setId: id, rowIndex })))
  }
  const after = await readVersion(tx, 'standings', id)
  await keepRevision(tx, { entity: 'standings', id, action: 'update', before, after, by })
  await markChanged(tx, ['standings'])
}

/**
 * Stores freshly generated standings in one transaction: an existing set of the same
 * championship (case-insensitive) gets its rows replaced, except the rows the owner edited by hand,
 * which are merged in (src/lib/standings-merge.ts), and keeps its id and place in the list;
 * otherwise a new set goes to the end. The table it replaces is kept as a version by `by` (the AI or
 * the scheduler). A set whose source is real results is never written by the AI (409). Answers the
 * set's id.
 */
export async function saveGeneratedStandings(
  input: GeneratedStandings,
  now = new Date(),
  by: ChangeBy = { actor: 'ai' },
): Promise<number> {
  const existing = await findStandingsSetByName(input.championshipName)
  return db().transaction(async (tx) => {
    const { standings, championshipName, ...facts } = input
    if (existing) {
      // Read again under a lock: a real source given to the set meanwhile wins over the AI.
      const [current] = await tx
        .select({ source: standingsSets.source })
        .from(standingsSets)
        .where(eq(standingsSets.id, existing.id))
        .for('update')
      if (current && current.source !== 'ai')
        throw new ApiError(
          409,
          realTableMessage({ ...existing, source: current.source as StandingsSource }, await ownerTime(tx)),
        )
      if (current) {
        await writeStandingsTable(tx, existing.id, { ...facts, sourceUrls: facts.sourceUrls ?? [], standings }, now, by)
        return existing.id
      }
    }
    const [last] = await tx.select({ max: sql<number | null>`max(${standingsSets.displayOrder})` }).from(standingsSets)
    const [created] = await tx
      .insert(standingsSets)
      .values({ ...facts, championshipName, lastUpdated: now, displayOrder: (last?.max ?? 0) + 1 })
      .returning({ id: standingsSets.id })
    const id = created!.id
    const rows = mergeOwnerEdits(standings, [])
    if (rows.length)
      await tx.insert(standingsRows).values(rows.map((row, rowIndex) => ({ ...row, setId: id, rowIndex })))
    await markChanged(tx, ['standings'])
    return id
  })
}
