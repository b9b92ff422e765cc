/**
 * Rules of the revision history (issue 18), shared by the API and the admin panel: which records
 * have a history, what counts as a change, and how a change is described.
 */

export const revisionEntities = ['news', 'game', 'accessory', 'stream', 'review', 'standings'] as const
export type RevisionEntity = (typeof revisionEntities)[number]

export const revisionActors = ['admin', 'scheduler', 'ai'] as const
export type RevisionActor = (typeof revisionActors)[number]

export type RevisionAction = 'update' | 'delete' | 'restore'

/**
 * Who changed something, as the History, the deleted list and the Activity log name them: the owner
 * is 'Admin' everywhere (spec 001's own word: 'Welcome, Admin!').
 */
export const OWNER_NAME = 'Admin'
export const actorNames: Record<RevisionActor, string> = { admin: OWNER_NAME, ai: 'AI', scheduler: 'Scheduler' }

/** Versions kept per record; older ones are dropped as new ones arrive (docs/decisions/0600). */
export const REVISIONS_KEPT = 50

/** How long a deleted record stays in the 'Recently deleted' list. */
export const DELETED_LIST_DAYS = 30

/**
 * Not content: ids, times and order, and what a refresh reads from a platform every few minutes
 * (whether a stream is live, its viewers, when it was read, what the Steam store says and which
 * fields follow it). Versions of those alone would push the owner's edits out of the 50 kept.
 */
/**
 * What a refresh read from a platform (a stream's live state and viewers, what the Steam store said,
 * when it was read): a version restore writes the owner's fields back and keeps these as they are
 * now (issue 36: a restore had dropped the store's offers until the next refresh). Which fields
 * follow the store (`storeFields`) is the owner's choice ("Use the store's", an edit): restored.
 */
export const readByRefresh = ['refreshedAt', 'isLive', 'viewerCount', 'storeValues'] as const

const bookkeeping = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'displayOrder',
  'searchText',
  'storeFields',
  ...readByRefresh,
])

const asJson = (value: unknown) => JSON.stringify(value ?? null)

/**
 * The content fields whose value differs between two versions of a record, in the order of the
 * record's fields. Dates compare by instant (a Date and its ISO string are the same value), so a
 * stored snapshot compares equal to the row it was taken from.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return keys.filter((key) => !bookkeeping.has(key) && asJson(before[key]) !== asJson(after[key]))
}

/** 'imageUrl' -> 'image URL', 'standings' -> 'standings': the history's words for a field. */
export function fieldLabel(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\burl\b/g, 'URL')
}

/** Old values longer than this are not quoted in the history (article bodies, descriptions). */
export const SHORT_TEXT = 80

/** The old value of a changed field as the history quotes it, or null when it is not short text. */
export function shortOldValue(snapshot: Record<string, unknown>, field: string): string | null {
  const value = snapshot[field]
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value !== 'string' || value.length > SHORT_TEXT || value.includes('<')) return null
  return value
}

/** The record's own name in the history and the deleted list ('iRacing', 'Formula 1 2025'). */
export function versionName(entity: RevisionEntity, snapshot: Record<string, unknown>): string {
  const field = entity === 'accessory' ? 'name' : entity === 'standings' ? 'championshipName' : 'title'
  const name = snapshot[field]
  return typeof name === 'string' && name.trim() ? name : `#${String(snapshot.id ?? '?')}`
}

/** A refresh started by the scheduler is the scheduler's; one the owner started is the AI's. */
export function actorOfFeature(feature: string): RevisionActor {
  return feature.startsWith('schedule') ? 'scheduler' : 'ai'
}

/** The Activity log's method for what the every-minute scheduler did by itself (it has no HTTP call). */
export const SCHEDULER_AUDIT_METHOD = 'TICK'

/** Who made a change the Activity log lists: the scheduler's own tick, else the owner (issue 36). */
export function auditActor(entry: { method: string }): RevisionActor {
  return entry.method === SCHEDULER_AUDIT_METHOD ? 'scheduler' : 'admin'
}
