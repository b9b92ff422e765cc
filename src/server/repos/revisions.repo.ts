import { and, asc, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm'
import {
  DELETED_LIST_DAYS,
  revisionEntities,
  SHORT_TEXT,
  shortOldValue,
  versionName,
  type RevisionAction,
  type RevisionActor,
  type RevisionEntity,
} from '../../lib/revisions.ts'
import { describeChange, previewVersion, type FieldChange, type PreviewField } from '../../lib/revision-diff.ts'
import { db } from '../db/client.ts'
import { revisions, standingsSets } from '../db/schema.ts'
import { readVersion, versionedTables } from '../revisions/keep.ts'
import { ownerTime } from './site-settings.repo.ts'

/**
 * One version in a record's history, as the History dialog lists it: a summary, never the snapshot
 * or what its change did (a long article's versions would be megabytes and seconds of diffing,
 * issue 31); `getRevisionChanges` answers that for one version when the owner opens it.
 */
export interface RevisionEntry {
  id: number
  action: RevisionAction
  actor: RevisionActor
  summary: string
  createdAt: Date
  changedFields: string[]
  /** The old value of each changed field that is short text; the rest are only named. */
  oldValues: Record<string, string | null>
  /** False for the empty version a restored deleted record starts from. */
  restorable: boolean
}

/** What the list reads of a version's snapshot. */
interface KeptOfSnapshot {
  /** The changed fields whose value is a number, a switch or text of at most SHORT_TEXT characters. */
  short: Record<string, unknown> | null
  restorable: boolean
}

/** A record's versions, newest first (at most REVISIONS_KEPT are stored). */
export async function listRevisions(entity: RevisionEntity, entityId: number): Promise<RevisionEntry[]> {
  const rows = await db()
    .select({
      id: revisions.id,
      action: revisions.action,
      actor: revisions.actor,
      summary: revisions.summary,
      createdAt: revisions.createdAt,
      changedFields: revisions.changedFields,
      // Of the snapshot, only the changed fields short enough to be quoted leave the database, and
      // whether it holds anything; in one pass over it (a 200 KB one is read once, not per question).
      kept: sql`(
        select jsonb_build_object(
          'short', jsonb_object_agg(key, value) filter (where key = any(${revisions.changedFields}) and (
            jsonb_typeof(value) in ('number', 'boolean') or
            (jsonb_typeof(value) = 'string' and length(value #>> '{}') <= ${SHORT_TEXT}))),
          'restorable', count(*) > 0)
        from jsonb_each(${revisions.snapshot}))`.mapWith(
        (value) => revisions.snapshot.mapFromDriverValue(value) as unknown as KeptOfSnapshot,
      ),
    })
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
  return rows.map(({ kept, ...r }) => ({
    ...r,
    action: r.action as RevisionAction,
    actor: r.actor as RevisionActor,
    oldValues: Object.fromEntries(r.changedFields.map((field) => [field, shortOldValue(kept.short ?? {}, field)])),
    restorable: kept.restorable,
  }))
}

/** What one version's change did, field by field (src/lib/revision-diff.ts: bounded in time and size). */
export interface RevisionChanges {
  id: number
  changes: FieldChange[]
}

/**
 * A version's change: the version against the next newer one, or against the record as it is now
 * for the newest. A delete, and the empty version a restored record starts from, changed no field.
 */
export async function getRevisionChanges(id: number): Promise<RevisionChanges | undefined> {
  const [r] = await db().select().from(revisions).where(eq(revisions.id, id))
  if (!r) return undefined
  if (r.action === 'delete' || Object.keys(r.snapshot).length === 0) return { id, changes: [] }
  const entity = r.entity as RevisionEntity
  const [newer] = await db()
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(
      and(
        eq(revisions.entity, entity),
        eq(revisions.entityId, r.entityId),
        // After this one in the history's order (a JS Date would lose the microseconds).
        sql`(${revisions.createdAt}, ${revisions.id}) > (select v.created_at, v.id from revisions v where v.id = ${id})`,
      ),
    )
    .orderBy(asc(revisions.createdAt), asc(revisions.id))
    .limit(1)
  const after = newer ? newer.snapshot : await readVersion(db(), entity, r.entityId)
  const time = await ownerTime()
  return { id, changes: describeChange(r.snapshot, after ?? {}, r.changedFields, time.long) }
}

/** One version, whole, for its preview before a restore. */
export interface RevisionVersion {
  id: number
  entity: RevisionEntity
  entityId: number
  name: string
  createdAt: Date
  restorable: boolean
  fields: PreviewField[]
}

/** A record's fields in its table's column order (standings: the set's, then its rows). */
function fieldOrder(entity: RevisionEntity): string[] {
  if (entity === 'standings') return [...Object.keys(getTableColumns(standingsSets)), 'standings']
  return Object.keys(getTableColumns(versionedTables[entity]))
}

export async function getRevisionVersion(id: number): Promise<RevisionVersion | undefined> {
  const [r] = await db().select().from(revisions).where(eq(revisions.id, id))
  if (!r) return undefined
  const entity = r.entity as RevisionEntity
  const time = await ownerTime()
  return {
    id: r.id,
    entity,
    entityId: r.entityId,
    name: versionName(entity, r.snapshot),
    createdAt: r.createdAt,
    restorable: Object.keys(r.snapshot).length > 0,
    fields: previewVersion(r.snapshot, fieldOrder(entity), time.long),
  }
}

export interface DeletedRecord {
  /** The version to restore: the record as it was when it was deleted. */
  revisionId: number
  entity: RevisionEntity
  entityId: number
  name: string
  actor: RevisionActor
  deletedAt: Date
}

async function existingIds(entity: RevisionEntity, ids: number[]): Promise<Set<number>> {
  const table = entity === 'standings' ? standingsSets : versionedTables[entity]
  const rows = await db().select({ id: table.id }).from(table).where(inArray(table.id, ids))
  return new Set(rows.map((r) => r.id))
}

/**
 * Records deleted in the last DELETED_LIST_DAYS that are still gone, newest first: each with the
 * version its delete kept.
 */
export async function listDeleted(entity?: RevisionEntity, limit = 100): Promise<DeletedRecord[]> {
  const since = sql`now() - make_interval(days => ${DELETED_LIST_DAYS})`
  const latest = await db()
    .selectDistinctOn([revisions.entity, revisions.entityId])
    .from(revisions)
    .where(
      and(
        eq(revisions.action, 'delete'),
        gt(revisions.createdAt, since),
        entity ? eq(revisions.entity, entity) : undefined,
      ),
    )
    .orderBy(revisions.entity, revisions.entityId, desc(revisions.createdAt), desc(revisions.id))
  const gone: DeletedRecord[] = []
  for (const kind of revisionEntities) {
    const ofKind = latest.filter((r) => r.entity === kind)
    if (ofKind.length === 0) continue
    const present = await existingIds(
      kind,
      ofKind.map((r) => r.entityId),
    )
    for (const r of ofKind) {
      if (present.has(r.entityId)) continue
      gone.push({
        revisionId: r.id,
        entity: kind,
        entityId: r.entityId,
        name: versionName(kind, r.snapshot),
        actor: r.actor as RevisionActor,
        deletedAt: r.createdAt,
      })
    }
  }
  return gone
    .sort((a, b) => b.deletedAt.getTime() - a.deletedAt.getTime() || b.revisionId - a.revisionId)
    .slice(0, limit)
}

/** Whether the record exists now (its history may outlive it). */
export async function recordExists(entity: RevisionEntity, entityId: number): Promise<boolean> {
  return (await existingIds(entity, [entityId])).has(entityId)
}
