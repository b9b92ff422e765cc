import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import { env } from '../../env.server.ts'
import { db, type Database } from '../db/client.ts'
import { decideDeploy, startOfMonth, type DeployDecision } from '../../lib/deploy-policy.ts'
import { deploys, publishState } from '../db/schema.ts'

export type DeployStatus = typeof publishState.$inferSelect

/** The build hook behind 'Rebuild Site' (the platform's `deploys`, src/server/platform.ts). */
export interface DeployHook {
  /** Production: Netlify's build hook (REBUILD_HOOK_URL). Unset: no rebuild button. */
  hookUrl?: string
  debounceMs: number
  fetch: typeof fetch
  /** The hook's answer is waited for this long; a call without one may still have started a build. */
  timeoutMs: number
}

/** Production's hook, from the typed environment (src/env.server.ts). */
export const deployHookFromEnv = (): DeployHook => ({
  hookUrl: env.REBUILD_HOOK_URL,
  debounceMs: env.REBUILD_DEBOUNCE_SECONDS * 1000,
  fetch: (...args) => fetch(...args),
  timeoutMs: 10_000,
})

export async function getDeployStatus(): Promise<DeployStatus> {
  const [row] = await db().select().from(publishState).where(eq(publishState.id, 1))
  if (row) return row
  const [created] = await db().insert(publishState).values({ id: 1 }).onConflictDoNothing().returning()
  return created ?? (await getDeployStatus())
}

/**
 * The owner's 'Rebuild Site' (System tab): a production build of what is pre-rendered (the admin
 * shell, the 404 page, images), within the month's deploy budget. Content changes never need one:
 * they purge the CDN (src/server/cdn/purger.ts, docs/decisions/0700). Answers what happens.
 */
export async function requestDeploy(
  hook: DeployHook,
  now = new Date(),
): Promise<DeployDecision | { action: 'no-hook' }> {
  if (!hook.hookUrl) return { action: 'no-hook' }
  await getDeployStatus()
  await db()
    .update(publishState)
    .set({
      status: sql`case when ${publishState.status} = 'building' then 'building'::publish_status else 'pending'::publish_status end`,
      requestedAt: now,
      updatedAt: now,
    })
    .where(eq(publishState.id, 1))
  return (await triggerBuild(hook, now)) ? { action: 'deploy' } : (await getDeployBudget(hook, now)).next
}

/** Deploys requested this calendar month (UTC) and the last one, as the deploy policy counts them. */
async function deployHistory(now: Date, q: Pick<Database, 'select'> = db()) {
  const [month] = await q
    .select({ n: count() })
    .from(deploys)
    .where(and(eq(deploys.ok, true), gte(deploys.requestedAt, startOfMonth(now))))
  const [last] = await q
    .select({ at: deploys.requestedAt })
    .from(deploys)
    .where(eq(deploys.ok, true))
    .orderBy(desc(deploys.requestedAt))
    .limit(1)
  return { deploysThisMonth: month?.n ?? 0, lastDeployAt: last?.at ?? null }
}

/**
 * Calls the build hook when the deploy policy allows it (src/lib/deploy-policy.ts, decision 0204):
 * within the month's deploy budget, spaced out over the month, never within the debounce window.
 * The decision and the deploy's record happen in one transaction holding the publish row, so
 * concurrent instances make one call. Edits that have to wait are built by a later call: the next
 * write, or `flushPendingBuild` (scheduler, every minute).
 */
async function triggerBuild(hook: DeployHook, now: Date): Promise<boolean> {
  const { hookUrl } = hook
  if (!hookUrl) return false
  const deploy = await db().transaction(async (tx) => {
    const [state] = await tx.select().from(publishState).where(eq(publishState.id, 1)).for('update')
    if (!state) return undefined
    const history = await deployHistory(now, tx)
    const decision = decideDeploy({
      now,
      ...history,
      monthlyBudget: state.monthlyDeployBudget,
      debounceMs: hook.debounceMs,
    })
    if (decision.action !== 'deploy') return undefined
    await tx.update(publishState).set({ hookRequestedAt: now }).where(eq(publishState.id, 1))
    const [row] = await tx
      .insert(deploys)
      .values({ requestedAt: now, tags: state.changedTags, credits: state.creditsPerDeploy })
      .returning({ id: deploys.id })
    return row
  })
  if (!deploy) return false
  try {
    const res = await hook.fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trigger_title: 'Content changed in the admin' }).toString(),
      signal: AbortSignal.timeout(hook.timeoutMs),
    })
    if (!res.ok) throw new Error(`build hook answered ${res.status}`)
    await db().update(publishState).set({ lastError: null }).where(eq(publishState.id, 1))
    return true
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      // The call went out and may have started a build (issue 22): it counts against the budget,
      // so a second click waits like after any deploy instead of calling again at once.
      const message = `Build hook did not answer within ${hook.timeoutMs / 1000} s: the build may have started.`
      console.warn('[deploy]', message)
      await db().update(deploys).set({ error: message }).where(eq(deploys.id, deploy.id))
      await db().update(publishState).set({ lastError: message }).where(eq(publishState.id, 1))
      return true
    }
    const message = error instanceof Error ? error.message : String(error)
    console.warn('[deploy] build hook failed:', message)
    // No build started: the deploy costs nothing and does not count.
    await db()
      .update(deploys)
      .set({ ok: false, credits: 0, error: message.slice(0, 2000) })
      .where(eq(deploys.id, deploy.id))
    await db()
      .update(publishState)
      .set({ lastError: `Build hook failed: ${message}`.slice(0, 2000), hookRequestedAt: null })
      .where(eq(publishState.id, 1))
    return false
  }
}

export interface DeployBudgetStatus {
  monthlyDeployBudget: number
  creditsPerDeploy: number
  deploysThisMonth: number
  creditsThisMonth: number
  /** What happens to changes now: deployed at once, waiting until a time, or held until next month. */
  next: DeployDecision
  /** Whether deploys go through a build hook at all (production); locally the runner builds for free. */
  hookConfigured: boolean
}

/** The panel's deploy figures (GET /api/admin/publish-status). */
export async function getDeployBudget(hook: DeployHook, now = new Date()): Promise<DeployBudgetStatus> {
  const state = await getDeployStatus()
  const history = await deployHistory(now)
  const [credits] = await db()
    .select({ total: sql<number>`coalesce(sum(${deploys.credits}), 0)::int` })
    .from(deploys)
    .where(and(eq(deploys.ok, true), gte(deploys.requestedAt, startOfMonth(now))))
  return {
    monthlyDeployBudget: state.monthlyDeployBudget,
    creditsPerDeploy: state.creditsPerDeploy,
    deploysThisMonth: history.deploysThisMonth,
    creditsThisMonth: credits?.total ?? 0,
    next: decideDeploy({ now, ...history, monthlyBudget: state.monthlyDeployBudget, debounceMs: hook.debounceMs }),
    hookConfigured: Boolean(hook.hookUrl),
  }
}

/** The owner's deploy budget (the panel's System tab). */
export async function setDeployBudget(
  hook: DeployHook,
  values: { monthlyDeployBudget: number; creditsPerDeploy: number },
) {
  await getDeployStatus()
  await db()
    .update(publishState)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(publishState.id, 1))
  return getDeployBudget(hook)
}

/**
 * A build began: Netlify's deployBuilding event in production, the local runner under `npm start`.
 * Edits that arrive from now on (requested_at after build_started_at) are not in this build.
 */
export async function markBuildStarted(now = new Date()): Promise<void> {
  await getDeployStatus()
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
  const state = await getDeployStatus()
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
