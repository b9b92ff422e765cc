import { purgeCache } from '@netlify/functions'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { env } from '../../env.server.ts'
import { db } from '../db/client.ts'
import { publishState } from '../db/schema.ts'
import type { PublishTag } from './tags.ts'

export type PublishStatus = typeof publishState.$inferSelect

interface PublishConfig {
  /** Production: Netlify's build hook. Unset locally, where the npm start runner watches publish_state. */
  hookUrl?: string
  debounceMs: number
  /** Netlify's purge token; without it the purge is skipped. */
  purgeToken?: string
  fetch: typeof fetch
  purge: typeof purgeCache
}

let config: PublishConfig = {
  hookUrl: env.REBUILD_HOOK_URL,
  debounceMs: env.REBUILD_DEBOUNCE_SECONDS * 1000,
  purgeToken: env.NETLIFY_PURGE_API_TOKEN,
  fetch: (...args) => fetch(...args),
  purge: purgeCache,
}

/** Tests point the hook and the purge at fakes. */
export function configurePublishing(overrides: Partial<PublishConfig>): () => void {
  const previous = config
  config = { ...config, ...overrides }
  return () => {
    config = previous
  }
}

export async function getPublishStatus(): Promise<PublishStatus> {
  const [row] = await db().select().from(publishState).where(eq(publishState.id, 1))
  if (row) return row
  const [created] = await db().insert(publishState).values({ id: 1 }).onConflictDoNothing().returning()
  return created ?? (await getPublishStatus())
}

/**
 * After a successful write: remember what changed and mark the site pending (the local runner
 * rebuilds from that), purge the CDN tags of the public answers, and in production ask Netlify
 * for a build, at most once per debounce window. Never throws: the write has already happened.
 */
export async function requestPublish(tags: readonly PublishTag[], now = new Date()): Promise<void> {
  try {
    await getPublishStatus()
    await db()
      .update(publishState)
      .set({
        // A build in progress stays "building"; the runner sees the newer requested_at and builds again.
        status: sql`case when ${publishState.status} = 'building' then 'building'::publish_status else 'pending'::publish_status end`,
        changedTags: sql`array(select distinct t from unnest(${publishState.changedTags} || ${sql.param([...tags])}::text[]) as t order by t)`,
        requestedAt: now,
        updatedAt: now,
      })
      .where(eq(publishState.id, 1))
  } catch (error) {
    console.warn('[publish] could not record the change:', error)
    return
  }
  await purge(tags)
  await triggerBuild(now)
}

async function purge(tags: readonly PublishTag[]): Promise<void> {
  if (!config.purgeToken || tags.length === 0) return
  try {
    await config.purge({ tags: [...tags], token: config.purgeToken })
  } catch (error) {
    console.warn('[publish] cache purge failed:', error)
  }
}

/**
 * Calls the build hook unless it was called within the debounce window. The claim is one
 * conditional UPDATE, so concurrent instances make one call. Edits that arrive inside the window
 * are built by the next call: the next write after the window, or `flushPendingBuild` (scheduler).
 */
async function triggerBuild(now: Date): Promise<boolean> {
  if (!config.hookUrl) return false
  const claimed = await db()
    .update(publishState)
    .set({ hookRequestedAt: now })
    .where(
      and(
        eq(publishState.id, 1),
        or(
          isNull(publishState.hookRequestedAt),
          lt(publishState.hookRequestedAt, new Date(now.getTime() - config.debounceMs)),
        ),
      ),
    )
    .returning({ id: publishState.id })
  if (claimed.length === 0) return false
  try {
    const res = await config.fetch(config.hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trigger_title: 'Content changed in the admin' }).toString(),
      signal: AbortSignal.timeout(10_000),
    })
    if (!res.ok) throw new Error(`build hook answered ${res.status}`)
    await db().update(publishState).set({ lastError: null }).where(eq(publishState.id, 1))
    return true
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.warn('[publish] build hook failed:', message)
    await db()
      .update(publishState)
      .set({ lastError: `Build hook failed: ${message}`.slice(0, 2000), hookRequestedAt: null })
      .where(eq(publishState.id, 1))
    return false
  }
}

/**
 * For the scheduled function: when edits arrived after the last hook call and the window has
 * passed, call the hook now (the trailing edge of the debounce).
 */
export async function flushPendingBuild(now = new Date()): Promise<boolean> {
  const state = await getPublishStatus()
  if (state.status !== 'pending' || !state.requestedAt) return false
  if (state.hookRequestedAt && state.hookRequestedAt >= state.requestedAt) return false
  return triggerBuild(now)
}

/**
 * A build began: Netlify's deployBuilding event in production, the local runner under `npm start`.
 * Edits that arrive from now on (requested_at after build_started_at) are not in this build.
 */
export async function markBuildStarted(now = new Date()): Promise<void> {
  await getPublishStatus()
  await db()
    .update(publishState)
    .set({ status: 'building', buildStartedAt: now, updatedAt: now })
    .where(eq(publishState.id, 1))
}

/**
 * A build ended, with `error` when it failed. Success: live, unless edits arrived during the build
 * (then pending, for the next one). Failure: the edits are still not on the site, so the state is
 * pending with the error. A failed build is not retried by itself, which would loop on a lasting
 * fault: `flushPendingBuild` and `localBuildDue` only build edits newer than the last attempt, so
 * the next edit (or one made during the failed build) builds again.
 */
export async function markBuildFinished(error: string | null, now = new Date()): Promise<void> {
  const state = await getPublishStatus()
  const newer = state.requestedAt && state.buildStartedAt && state.requestedAt > state.buildStartedAt
  await db()
    .update(publishState)
    .set(
      error
        ? { status: 'pending', lastError: error.slice(0, 2000), updatedAt: now }
        : newer
          ? { status: 'pending', liveAt: now, lastError: null, updatedAt: now }
          : { status: 'live', liveAt: now, lastError: null, changedTags: [], updatedAt: now },
    )
    .where(eq(publishState.id, 1))
}

/**
 * The local runner's trailing edge (`npm start` builds on this machine instead of calling a hook):
 * build when there are edits that no build of this run has started on, once they have been quiet
 * for `quietMs`. Before a run's first build (`lastBuildStartedAt` unset) anything not live counts:
 * a run stopped in the middle of a build leaves `building` behind, a failed one `pending`.
 */
export function localBuildDue(
  state: Pick<PublishStatus, 'status' | 'requestedAt'>,
  opts: { lastBuildStartedAt?: Date; quietMs: number; now: Date },
): boolean {
  if (state.status === 'live' || !state.requestedAt) return false
  if (opts.lastBuildStartedAt && state.requestedAt <= opts.lastBuildStartedAt) return false
  return opts.now.getTime() - state.requestedAt.getTime() >= opts.quietMs
}
