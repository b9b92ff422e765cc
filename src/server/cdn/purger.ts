import { and, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import { EVERYTHING, pagesFor } from '../../lib/cache-tags.ts'
import { startOfMonth } from '../../lib/deploy-policy.ts'
import { db } from '../db/client.ts'
import { purgeQueue, purges } from '../db/schema.ts'
import { markChanged } from './outbox.ts'
import { notePagesChanged } from './page-changes.ts'
import { MAX_TAGS_PER_PURGE, PurgeError, type PurgeFn } from './purge-client.ts'

/**
 * How a content change reaches visitors (docs/decisions/0700, 0703): the pages are kept at the CDN
 * until their content changes; a write owes the purge of the cache tags it changed, in its own
 * transaction (the outbox `purge_queue`, src/server/cdn/outbox.ts), and the purger sends
 * them and visits the affected pages again so that the next visitor is served from the CDN. No deploy.
 *
 * The API sends the queue after every write, before it answers, so the owner who opens the page
 * next sees the change; the every-minute scheduler sends whatever a crash, a script or a refusal
 * left. Netlify allows two purges per tag (and per site for a whole-site purge) per 5 s: the
 * purger paces itself within that (a tag purged twice lately waits for its window, then goes with
 * the others in one call) and takes a 429 as pacing, not as an error. A purge that failed stays
 * queued with its next attempt: retried in the background after a short wait, and by the scheduler
 * after that. Every call is in the `purges` ledger the System tab reads.
 */
export interface Purger {
  /** The owner's 'Purge Everything': the whole site, then the pages visitors see first. */
  purgeEverything(options?: BackgroundOptions): Promise<void>
  /** Sends every queued purge that is due, within the rate limit (after a write, the scheduler's minute, a wait). */
  flush(options?: BackgroundOptions): Promise<FlushReport>
  /** The System tab's figures: purges this month, what waits and why. */
  status(): Promise<PurgeStatus>
  /** Resolves when the background work this purger started (retries, re-warming) has ended. */
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

export interface PurgeStatus {
  /** 'live' when nothing waits to be purged; 'pending' while a purge waits or is being retried. */
  state: 'live' | 'pending'
  purgesThisMonth: number
  failedPurgesThisMonth: number
  lastPurgeAt: Date | null
  /**
   * Tags waiting to be purged, with their attempts and last error; `failing` once a purge has failed
   * more times than its quiet retries allow (an error worth showing the owner).
   */
  waiting: { tag: string; attempts: number; nextAttemptAt: Date; lastError: string | null; failing: boolean }[]
  /** Whether purges reach a CDN at all (no purge target: nothing is cached at a CDN to purge). */
  cdnConfigured: boolean
}

export interface PurgerOptions {
  /** Netlify's purge API for this site (src/server/cdn/purge-client.ts); undefined: no CDN. */
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
/** Netlify's documented limit: each tag, and the site, may be purged twice per 5 s (429 beyond). */
export const PURGES_PER_WINDOW = 2
export const PURGE_WINDOW_MS = 5_000
/** Failures retried before the owner is shown the error (5 s, 10 s, 20 s: about half a minute). */
export const QUIET_ATTEMPTS = 3
/** The ledger's status of a purge the API refused as too many (pacing, not a failure). */
const TOO_MANY = 429
const REWARM_CONCURRENCY = 3
const REWARM_TIMEOUT_MS = 15_000

export function createPurger(options: PurgerOptions): Purger {
  const now = options.now ?? (() => new Date())
  const fetchImpl = options.fetch ?? fetch
  const maxBackgroundWaitMs = options.maxBackgroundWaitMs ?? 20_000
  const background = new Set<Promise<unknown>>()

  function inBackground(work: () => Promise<unknown>, opts: BackgroundOptions | undefined) {
    const promise = work().catch((error: unknown) => console.warn('[purge] background work failed:', error))
    background.add(promise)
    void promise.finally(() => background.delete(promise))
    opts?.waitUntil?.(promise)
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

  async function send(batch: { tag: string; requestedAt: Date; attempts: number }[], purge: PurgeFn) {
    const tags = batch.map((b) => b.tag)
    const everything = tags.includes(EVERYTHING)
    // The ledger dates a purge by its answer, not by when the flush began: Netlify counts it when
    // it arrives, so a window reckoned from the start could end before Netlify's and meet a 429.
    let at: Date
    try {
      await purge(everything ? 'everything' : tags)
      at = now()
    } catch (error) {
      at = now()
      const failure = error instanceof PurgeError ? error : new PurgeError(String(error))
      await db()
        .insert(purges)
        .values({ at, tags: everything ? [] : tags, ok: false, status: failure.status, error: failure.message })
      if (failure.status === TOO_MANY) {
        // Another instance used the window: pacing, not a failure (no attempt counted, no error shown).
        const delayMs = Math.max(PURGE_WINDOW_MS, (failure.retryAfterS ?? 0) * 1000)
        await db()
          .update(purgeQueue)
          .set({ nextAttemptAt: new Date(at.getTime() + delayMs), claimedAt: null })
          .where(inArray(purgeQueue.tag, tags))
        return { ok: false as const }
      }
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
      return { ok: false as const }
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
    // The pages are new to visitors from now: the sitemap's lastmod, and IndexNow owed them.
    await notePagesChanged(tags, at)
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

  /**
   * When each tag may be purged again within Netlify's limit: two purges per tag per window, and a
   * whole-site purge twice per window (read from the ledger, which every instance writes).
   */
  async function freeAt(at: Date): Promise<(tag: string) => number> {
    const lately = await db()
      .select({ at: purges.at, tags: purges.tags })
      .from(purges)
      .where(and(gte(purges.at, new Date(at.getTime() - PURGE_WINDOW_MS)), eq(purges.ok, true)))
      .orderBy(desc(purges.at))
    return (tag) => {
      const times = lately
        .filter((p) => (tag === EVERYTHING ? p.tags.length === 0 : p.tags.includes(tag)))
        .map((p) => p.at.getTime())
      return times.length < PURGES_PER_WINDOW ? at.getTime() : times[PURGES_PER_WINDOW - 1]! + PURGE_WINDOW_MS
    }
  }

  /**
   * One background flush at a time per instance, at the earliest moment something is due. A flush
   * moved earlier drops the later one (whose background work then ends without flushing).
   */
  let scheduled: { at: number; cancel: () => void } | undefined
  function flushLater(delayMs: number, opts: BackgroundOptions | undefined) {
    const at = Date.now() + delayMs
    if (scheduled && scheduled.at <= at) return
    scheduled?.cancel()
    let fire!: (run: boolean) => void
    const due = new Promise<boolean>((resolve) => (fire = resolve))
    const timer = setTimeout(() => {
      scheduled = undefined
      fire(true)
    }, delayMs)
    scheduled = {
      at,
      cancel: () => {
        clearTimeout(timer)
        fire(false)
      },
    }
    inBackground(async () => {
      if (await due) await flush(opts)
    }, opts)
  }

  /** When the next queued tag is due (a wait for the rate limit's window, a retry), if any is. */
  async function nextDue(): Promise<Date | undefined> {
    const [row] = await db()
      .select({ at: sql<Date | null>`min(${purgeQueue.nextAttemptAt})`.mapWith(purgeQueue.nextAttemptAt) })
      .from(purgeQueue)
      .where(isNull(purgeQueue.claimedAt))
    return row?.at ?? undefined
  }

  async function flush(opts?: BackgroundOptions): Promise<FlushReport> {
    const report: FlushReport = { purged: [], failed: [] }
    const purge = options.purge
    // Without a CDN (a script, a test) the queue is left for the site's own purger to send.
    if (!purge) return report
    const at = now()
    const claimedAll = await claim(at)
    // Paced: a tag purged twice in the window waits for it (no error, no attempt counted).
    const free = claimedAll.length ? await freeAt(at) : () => at.getTime()
    const claimed = claimedAll.filter((c) => free(c.tag) <= at.getTime())
    const paced = claimedAll.filter((c) => free(c.tag) > at.getTime())
    for (const c of paced) {
      await db()
        .update(purgeQueue)
        .set({ nextAttemptAt: new Date(free(c.tag)), claimedAt: null })
        .where(eq(purgeQueue.tag, c.tag))
    }
    for (let i = 0; i < claimed.length; i += MAX_TAGS_PER_PURGE) {
      const batch = claimed.slice(i, i + MAX_TAGS_PER_PURGE)
      const result = await send(batch, purge)
      const tags = batch.map((b) => b.tag)
      if (result.ok) report.purged.push(...tags)
      else {
        report.failed.push(...tags)
      }
    }
    if (report.purged.length > 0) inBackground(() => rewarm(report.purged), opts)
    // Whatever still waits (paced now or earlier, or refused) is sent once it is due: a tag paced
    // by an earlier flush and not claimed by this one must not wait for the scheduler's minute.
    // A flush that found nothing due asks too: its timer may have been set for a wait that a later
    // write cut short (a 429's retry, sent at once by the next save), while that save's tags were
    // paced to a later moment that nothing else would wake for.
    const next = await nextDue()
    const wait = next ? Math.max(0, next.getTime() - now().getTime()) : Infinity
    if (wait <= maxBackgroundWaitMs) flushLater(wait, opts)
    return report
  }

  return {
    async purgeEverything(opts) {
      await markChanged(db(), [EVERYTHING], now())
      await flush(opts)
    },
    flush,
    async status() {
      const monthStart = startOfMonth(now())
      const [[month], [failed], [last], waiting] = await Promise.all([
        db().select({ n: count() }).from(purges).where(gte(purges.at, monthStart)),
        db()
          .select({ n: count() })
          .from(purges)
          .where(
            and(
              gte(purges.at, monthStart),
              eq(purges.ok, false),
              or(isNull(purges.status), ne(purges.status, TOO_MANY)),
            ),
          ),
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
        waiting: waiting.map((w) => ({ ...w, failing: w.lastError !== null && w.attempts >= QUIET_ATTEMPTS })),
        purgesThisMonth: month?.n ?? 0,
        failedPurgesThisMonth: failed?.n ?? 0,
        lastPurgeAt: last?.at ?? null,
        cdnConfigured: options.purge !== undefined,
      }
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background])
    },
  }
}
