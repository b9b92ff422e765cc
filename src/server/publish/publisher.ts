import { and, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { EVERYTHING, pagesFor } from '../../lib/cache-tags.ts'
import { startOfMonth } from '../../lib/deploy-policy.ts'
import { db } from '../db/client.ts'
import { purgeQueue, purges } from '../db/schema.ts'
import { MAX_TAGS_PER_PURGE, PurgeError, type PurgeFn } from './purge-client.ts'

/**
 * How a content change reaches visitors (docs/decisions/0700): the pages are kept at the CDN until
 * their content changes; a write names the cache tags it changed, and the publisher purges them
 * and visits the affected pages again so that the next visitor is served from the CDN. No deploy.
 *
 * The tags go through a queue in the database (`purge_queue`): a write adds them and sends them at
 * once, before it answers, so the owner who opens the page next sees the change. A purge that
 * failed (Netlify allows two purges per tag or site per 5 s and answers 429 beyond) stays queued
 * with its next attempt: retried in the background after a short wait, and by the every-minute
 * scheduler after that. Every call is in the `purges` ledger the System tab reads.
 */
export interface Publisher {
  /** After a successful write: purge `tags` and re-warm their pages. Never throws: the write happened. */
  changed(tags: readonly string[], options?: BackgroundOptions): Promise<void>
  /** The owner's 'Purge Everything': the whole site, then the pages visitors see first. */
  purgeEverything(options?: BackgroundOptions): Promise<void>
  /** Sends every queued purge that is due (the scheduler's minute, and after a wait). */
  flush(options?: BackgroundOptions): Promise<FlushReport>
  /** The System tab's figures: purges this month, what waits and why. */
  status(): Promise<PublishingStatus>
  /** Resolves when the background work this publisher started (retries, re-warming) has ended. */
  idle(): Promise<void>
}

export interface BackgroundOptions {
  /** Netlify's `context.waitUntil`: background work outlives the answer. */
  waitUntil?: (promise: Promise<unknown>) => void
}

export interface FlushReport {
  purged: string[]
  failed: string[]
}

export interface PublishingStatus {
  /** 'live' when nothing waits to be purged; 'pending' while a purge waits or is being retried. */
  state: 'live' | 'pending'
  purgesThisMonth: number
  failedPurgesThisMonth: number
  lastPurgeAt: Date | null
  /** Tags waiting to be purged, with their attempts and last error. */
  waiting: { tag: string; attempts: number; nextAttemptAt: Date; lastError: string | null }[]
  /** Whether purges reach a CDN at all (no purge target: nothing is cached at a CDN to purge). */
  cdnConfigured: boolean
}

export interface PublisherOptions {
  /** Netlify's purge API for this site (src/server/publish/purge-client.ts); undefined: no CDN. */
  purge: PurgeFn | undefined
  /** The site's public address: the pages are visited again there, through the CDN. */
  siteUrl: string
  fetch?: typeof fetch
  now?: () => Date
  /** A background retry waits at most this long; longer waits are left to the scheduler. */
  maxBackgroundWaitMs?: number
}

/** The wait before attempt `attempts + 1`: 5 s doubling to 5 minutes, or longer when the API asks. */
export function retryDelayMs(attempts: number, retryAfterS?: number): number {
  const backoff = Math.min(300_000, 5_000 * 2 ** Math.max(0, attempts - 1))
  return Math.max(backoff, (retryAfterS ?? 0) * 1000)
}

/** A claim older than this is taken to be lost (its instance ended mid-purge): sent again. */
const CLAIM_MS = 30_000
const REWARM_CONCURRENCY = 3
const REWARM_TIMEOUT_MS = 15_000

export function createPublisher(options: PublisherOptions): Publisher {
  const now = options.now ?? (() => new Date())
  const fetchImpl = options.fetch ?? fetch
  const maxBackgroundWaitMs = options.maxBackgroundWaitMs ?? 20_000
  const background = new Set<Promise<unknown>>()

  function inBackground(work: () => Promise<unknown>, opts: BackgroundOptions | undefined) {
    const promise = work().catch((error: unknown) => console.warn('[publish] background work failed:', error))
    background.add(promise)
    void promise.finally(() => background.delete(promise))
    opts?.waitUntil?.(promise)
  }

  async function enqueue(tags: readonly string[], at: Date) {
    const unique = [...new Set(tags)]
    if (unique.length === 0) return
    await db()
      .insert(purgeQueue)
      .values(unique.map((tag) => ({ tag, requestedAt: at, nextAttemptAt: at })))
      .onConflictDoUpdate({
        target: purgeQueue.tag,
        // A tag that waits after a 429 keeps its wait: asking again at once would only be refused again.
        set: {
          requestedAt: sql`excluded.requested_at`,
          nextAttemptAt: sql`case when ${purgeQueue.attempts} > 0 then ${purgeQueue.nextAttemptAt} else excluded.next_attempt_at end`,
        },
      })
  }

  /** Takes the due tags for this instance (others skip them while the claim is fresh). */
  async function claim(at: Date) {
    return db()
      .update(purgeQueue)
      .set({ claimedAt: at })
      .where(
        and(
          lte(purgeQueue.nextAttemptAt, at),
          or(isNull(purgeQueue.claimedAt), lt(purgeQueue.claimedAt, new Date(at.getTime() - CLAIM_MS))),
        ),
      )
      .returning({ tag: purgeQueue.tag, requestedAt: purgeQueue.requestedAt, attempts: purgeQueue.attempts })
  }

  async function send(batch: { tag: string; requestedAt: Date; attempts: number }[], at: Date, purge: PurgeFn) {
    const tags = batch.map((b) => b.tag)
    const everything = tags.includes(EVERYTHING)
    try {
      await purge(everything ? 'everything' : tags)
    } catch (error) {
      const failure = error instanceof PurgeError ? error : new PurgeError(String(error))
      const attempts = Math.max(...batch.map((b) => b.attempts)) + 1
      await db()
        .update(purgeQueue)
        .set({
          attempts: sql`${purgeQueue.attempts} + 1`,
          nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts, failure.retryAfterS)),
          claimedAt: null,
          lastError: failure.message.slice(0, 500),
        })
        .where(inArray(purgeQueue.tag, tags))
      await db()
        .insert(purges)
        .values({ at, tags: everything ? [] : tags, ok: false, status: failure.status, error: failure.message })
      return { ok: false as const, delayMs: retryDelayMs(attempts, failure.retryAfterS) }
    }
    // Done, unless a write asked again after this batch was claimed: its change may have landed
    // after the CDN dropped its copy, so that tag is purged once more.
    for (const b of batch) {
      await db()
        .delete(purgeQueue)
        .where(and(eq(purgeQueue.tag, b.tag), lte(purgeQueue.requestedAt, b.requestedAt)))
    }
    await db().update(purgeQueue).set({ claimedAt: null }).where(inArray(purgeQueue.tag, tags))
    await db()
      .insert(purges)
      .values({ at, tags: everything ? [] : tags, ok: true, status: 202 })
    return { ok: true as const }
  }

  async function rewarm(tags: readonly string[]) {
    const queue = pagesFor(tags)
    const worker = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        try {
          const res = await fetchImpl(`${options.siteUrl}${path}`, { signal: AbortSignal.timeout(REWARM_TIMEOUT_MS) })
          await res.body?.cancel()
        } catch {
          // A page that could not be visited fills on its first real visit.
        }
      }
    }
    await Promise.all(Array.from({ length: REWARM_CONCURRENCY }, worker))
  }

  async function flush(opts?: BackgroundOptions): Promise<FlushReport> {
    const report: FlushReport = { purged: [], failed: [] }
    const purge = options.purge
    if (!purge) return report
    const at = now()
    const claimed = await claim(at)
    const retryIn: number[] = []
    for (let i = 0; i < claimed.length; i += MAX_TAGS_PER_PURGE) {
      const batch = claimed.slice(i, i + MAX_TAGS_PER_PURGE)
      const result = await send(batch, at, purge)
      const tags = batch.map((b) => b.tag)
      if (result.ok) report.purged.push(...tags)
      else {
        report.failed.push(...tags)
        retryIn.push(result.delayMs)
      }
    }
    if (report.purged.length > 0) inBackground(() => rewarm(report.purged), opts)
    const wait = Math.min(...retryIn)
    if (retryIn.length > 0 && wait <= maxBackgroundWaitMs) {
      inBackground(async () => {
        await new Promise((resolve) => setTimeout(resolve, wait))
        await flush(opts)
      }, opts)
    }
    return report
  }

  async function changed(tags: readonly string[], opts?: BackgroundOptions) {
    // Without a CDN nothing is cached to purge: the pages are rendered for every request.
    if (tags.length === 0 || !options.purge) return
    try {
      await enqueue(tags, now())
      await flush(opts)
    } catch (error) {
      // The write itself succeeded; what was not queued or sent is reported, never thrown.
      console.warn('[publish] purge after a write failed:', error)
    }
  }

  return {
    changed,
    purgeEverything: (opts) => changed([EVERYTHING], opts),
    flush,
    async status() {
      const monthStart = startOfMonth(now())
      const [[month], [failed], [last], waiting] = await Promise.all([
        db().select({ n: count() }).from(purges).where(gte(purges.at, monthStart)),
        db()
          .select({ n: count() })
          .from(purges)
          .where(and(gte(purges.at, monthStart), eq(purges.ok, false))),
        db().select({ at: purges.at }).from(purges).where(eq(purges.ok, true)).orderBy(desc(purges.at)).limit(1),
        db()
          .select({
            tag: purgeQueue.tag,
            attempts: purgeQueue.attempts,
            nextAttemptAt: purgeQueue.nextAttemptAt,
            lastError: purgeQueue.lastError,
          })
          .from(purgeQueue)
          .orderBy(purgeQueue.tag)
          .limit(100),
      ])
      return {
        state: waiting.length > 0 ? 'pending' : 'live',
        purgesThisMonth: month?.n ?? 0,
        failedPurgesThisMonth: failed?.n ?? 0,
        lastPurgeAt: last?.at ?? null,
        waiting,
        cdnConfigured: options.purge !== undefined,
      }
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background])
    },
  }
}
