import { sql } from 'drizzle-orm'
import type { SiteEvent } from '../../lib/site-events.ts'
import type { Database } from '../db/client.ts'
import { siteEvents } from '../db/schema.ts'

/** A transaction (or the database itself): an event is written beside the change it tells of. */
export type EventTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/**
 * Writes what happened to the public site in the change's own transaction (docs/decisions/0860):
 * an outbox, like the purges' (decision 0703). The hubs hand it to the features that tell the
 * outside world (./dispatch.ts, after the write and every tick). The same kind and subject twice
 * in one transaction is one event.
 */
export async function emitSiteEvent(tx: Pick<Database, 'insert'>, event: SiteEvent): Promise<void> {
  await tx.insert(siteEvents).values(event).onConflictDoNothing()
}

/** An event as the features get it: with its id and time. */
export type StoredSiteEvent = SiteEvent & { id: number; at: Date }

/** Events older than this are deleted by the tick (the deliveries made from them stay). */
export const SITE_EVENTS_KEPT_DAYS = 30

export async function pruneSiteEvents(tx: EventTx, now: Date): Promise<void> {
  await tx.execute(
    sql`delete from site_events where at < ${new Date(now.getTime() - SITE_EVENTS_KEPT_DAYS * 86_400_000).toISOString()}::timestamptz`,
  )
}
