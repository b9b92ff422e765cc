import { sql } from 'drizzle-orm'
import type { SiteEventKind } from '../../lib/site-events.ts'
import { db } from '../db/client.ts'
import { featureList } from '../features/index.ts'
import type { StoredSiteEvent } from './site-events.ts'

/** Events handed over by one call at most; the rest by the next (the tick calls until none is left). */
const BATCH = 200

/**
 * Hands the events not handed over yet to every feature's `siteEvents`, in the order they were
 * written, and marks them handed over, in one transaction under a lock: two dispatchers at once
 * take turns, and a feature's deliveries are committed with the mark or not at all (a failure
 * leaves the events for the next call). Answers how many were handed over.
 */
export async function dispatchSiteEvents(): Promise<number> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site-events'))`)
    const rows = await tx.execute<{
      id: number
      kind: string
      subject: string
      data: Record<string, unknown>
      at: Date
    }>(sql`select id, kind, subject, data, at from site_events where dispatched_at is null order by id limit ${BATCH}`)
    if (rows.length === 0) return 0
    for (const row of rows) {
      const event: StoredSiteEvent = {
        id: Number(row.id),
        kind: row.kind as SiteEventKind,
        subject: row.subject,
        data: row.data,
        at: new Date(row.at),
      }
      for (const feature of featureList) await feature.siteEvents?.(tx, event)
    }
    await tx.execute(
      sql`update site_events set dispatched_at = now() where id = any(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[])`,
    )
    return rows.length
  })
}
