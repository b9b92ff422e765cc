import { sql } from 'drizzle-orm'
import { newsTag, type CacheTag, type PurgeTag } from '../../lib/cache-tags.ts'
import type { RevisionEntity } from '../../lib/revisions.ts'
import { db, type Database } from '../db/client.ts'
import { purgeQueue } from '../db/schema.ts'
import { emitSiteEvent } from '../events/site-events.ts'

/** The database or a transaction on it: a write names its tags in the transaction that writes. */

/**
 * A tag just owed is due at once, whatever the clock of the purger that sends it (a test's or a
 * simulation's may be another than the writer's): its next attempt is the epoch until a refusal or
 * the rate limit sets a real one.
 */
export const DUE_AT_ONCE = new Date(0)
type Executor = Pick<Database, 'insert'>

/**
 * The purge outbox (decision 0703): a write inserts the cache tags it changed into `purge_queue`
 * inside its own transaction, so a change cannot be committed without its purge being owed; the
 * purger sends the queue after the commit (src/server/cdn/purger.ts), and the every-minute
 * scheduler sends whatever a crash, a script or a refused purge left. One call, where the write is.
 */
export async function markChanged(tx: Executor, tags: readonly PurgeTag[], at = new Date()): Promise<void> {
  const unique = [...new Set(tags)]
  if (unique.length === 0) return
  await tx
    .insert(purgeQueue)
    .values(unique.map((tag) => ({ tag, requestedAt: at, nextAttemptAt: DUE_AT_ONCE })))
    .onConflictDoUpdate({
      target: purgeQueue.tag,
      // A tag that waits after a refusal keeps its wait: asking again at once would only be refused again.
      set: {
        requestedAt: sql`excluded.requested_at`,
        nextAttemptAt: sql`case when ${purgeQueue.attempts} > 0 then ${purgeQueue.nextAttemptAt} else excluded.next_attempt_at end`,
      },
    })
  // What the webhooks hear of: a championship's table or the calendar changed (every write of them
  // owes their purge, so this is where each is seen; articles are told apart in note-change.ts).
  if (unique.includes('standings'))
    await emitSiteEvent(tx, { kind: 'standings.changed', subject: 'standings', data: {} })
  if (unique.includes('calendar')) await emitSiteEvent(tx, { kind: 'calendar.changed', subject: 'calendar', data: {} })
}

type Record = { status?: unknown } | undefined

/** Fields no public answer shows: when they alone change (a refresh that found nothing new), nothing is purged. */
const notShown = new Set(['updatedAt', 'refreshedAt', 'storeFields', 'storeValues'])

/** Whether a change touched anything a public answer may show. */
export function shownFieldsDiffer(before: object, after: object): boolean {
  const a = before as { [key: string]: unknown }
  const b = after as { [key: string]: unknown }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (notShown.has(key)) continue
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return true
  }
  return false
}

/**
 * The public answers a change of a versioned record shows up in. An article counts only while it is
 * (or was, before this change) published: a draft is on no public page.
 */
export function tagsOfChange(entity: RevisionEntity, id: number, before: Record, after: Record): CacheTag[] {
  switch (entity) {
    case 'news':
      return before?.status === 'published' || after?.status === 'published' ? ['news', newsTag(id)] : []
    case 'game':
      // A deleted game leaves its reviews without their link.
      return after ? ['games'] : ['games', 'reviews']
    case 'accessory':
      return ['accessories']
    case 'stream':
      return ['streams']
    case 'review':
      return ['reviews']
    case 'standings':
      return ['standings']
  }
}

/**
 * A write and the purge it owes, in one transaction: for writes of one statement or a few. A write
 * that found nothing to change (`changed` says so: an update or delete of no row) owes nothing, and
 * a refused request leaves the database as it was.
 */
export function changing<T>(
  tags: readonly PurgeTag[],
  write: (tx: Database) => Promise<T>,
  changed: (result: T) => boolean = (result) => !Array.isArray(result) || result.length > 0,
): Promise<T> {
  return db().transaction(async (tx) => {
    const result = await write(tx)
    if (changed(result)) await markChanged(tx, tags)
    return result
  })
}
