import { and, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm'
import {
  DELETED_LIST_DAYS,
  revisionEntities,
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

/** One version in a record's history, as the History dialog shows it. */
export interface RevisionEntry {
  id: number
  action: RevisionAction
  actor: RevisionActor
  summary: string
  createdAt: Date
  changedFields: string[]
  /** The old value of each changed field that is short text; the rest are only named. */
  oldValues: Record<string, string | null>
  /**
   * What the change did, field by field: old -> new, long text as a word diff, standings by row
   * (src/lib/revision-diff.ts). The new value is the next version's, or the record's as it is now.
   */
  changes: FieldChange[]
  /** False for the empty version a restored deleted record starts from. */
  restorable: boolean
}

/** A record's versions, newest first (at most REVISIONS_KEPT are stored). */
export async function listRevisions(entity: RevisionEntity, entityId: number): Promise<RevisionEntry[]> {
  const rows = await db()
    .select()
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
  const current = rows.length ? await readVersion(db(), entity, entityId) : undefined
  return rows.map((r, k) => ({
    id: r.id,
    action: r.action as RevisionAction,
    actor: r.actor as RevisionActor,
    summary: r.summary,
    createdAt: r.createdAt,
    changedFields: r.changedFields,
    oldValues: Object.fromEntries(r.changedFields.map((field) => [field, shortOldValue(r.snapshot, field)])),
    changes:
      r.action === 'delete' || Object.keys(r.snapshot).length === 0
        ? []
        : describeChange(r.snapshot, (k === 0 ? current : rows[k - 1]!.snapshot) ?? {}, r.changedFields),
    restorable: Object.keys(r.snapshot).length > 0,
  }))
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
  return {
    id: r.id,
    entity,
    entityId: r.entityId,
    name: versionName(entity, r.snapshot),
    createdAt: r.createdAt,
    restorable: Object.keys(r.snapshot).length > 0,
    fields: previewVersion(r.snapshot, fieldOrder(entity)),
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
