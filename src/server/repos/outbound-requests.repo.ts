import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { rateDecision, type RateLimit } from '../../lib/rate-window.ts'
import { db } from '../db/client.ts'
import { outboundRequests } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { ownerTime } from './site-settings.repo.ts'

const HOUR = 3_600_000

/**
 * Takes a slot for one call to a rate-limited service (docs/decisions/0422): waits out a burst
 * (at most a second at a time), or refuses with the time the next call may be made. The check
 * and the record are one transaction under an advisory lock per service, so two instances cannot
 * both take the last slot. Rows older than an hour are dropped on the way.
 */
export async function takeOutboundSlot(service: string, label: string, limit: RateLimit): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const wait = await db().transaction(async (tx) => {
      const now = new Date()
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbound:${service}`}))`)
      await tx
        .delete(outboundRequests)
        .where(
          and(eq(outboundRequests.service, service), lt(outboundRequests.requestedAt, new Date(now.getTime() - HOUR))),
        )
      const recent = await tx
        .select({ at: outboundRequests.requestedAt })
        .from(outboundRequests)
        .where(
          and(eq(outboundRequests.service, service), gt(outboundRequests.requestedAt, new Date(now.getTime() - HOUR))),
        )
      const decision = rateDecision(
        recent.map((r) => r.at),
        now,
        limit,
      )
      if (decision.kind === 'refused') return { until: decision.until }
      if (decision.kind === 'wait') return decision.ms
      await tx.insert(outboundRequests).values({ service, requestedAt: now })
      return 0
    })
    if (typeof wait === 'object') {
      // Said in the owner's zone, read after the transaction (a read beside it would wait for it on PGlite).
      const time = await ownerTime()
      throw new ApiError(
        429,
        `${label} allows ${limit.perHour} requests an hour and they are used up; the next one can be made after ${time.recent(wait.until)}.`,
      )
    }
    if (wait === 0) return
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
  throw new ApiError(429, `${label} is being called too often right now; please try again in a moment.`)
}
