import { eq } from 'drizzle-orm'
import { db } from '../../src/server/db/client.ts'
import { publishState } from '../../src/server/db/schema.ts'
import type { SiteRoot } from './site-build.ts'

export interface LocalServices {
  /** Called once the Netlify runtime answers. */
  onServerReady(): void
  stop(): Promise<void>
}

/** Edits that arrive within this window of each other make one build. */
export const REBUILD_DEBOUNCE_MS = 3_000
const POLL_MS = 1_000

/**
 * What Netlify does in production, done on this machine: when the API marks the site as pending
 * (after a content write), rebuild once the edits settle and swap the new build in.
 * In production the API posts to the build hook instead (src/server/publish).
 */
export async function startLocalServices(opts: {
  site: SiteRoot
  childEnv: Record<string, string>
}): Promise<LocalServices> {
  let timer: NodeJS.Timeout | undefined
  let building: Promise<void> | undefined
  let stopped = false

  async function tick() {
    if (stopped || building) return
    const [state] = await db().select().from(publishState).where(eq(publishState.id, 1))
    if (!state || state.status !== 'pending' || !state.requestedAt) return
    if (Date.now() - state.requestedAt.getTime() < REBUILD_DEBOUNCE_MS) return
    building = rebuild(state.requestedAt).finally(() => (building = undefined))
  }

  async function rebuild(requestedAt: Date) {
    await db()
      .update(publishState)
      .set({ status: 'building', buildStartedAt: new Date(), updatedAt: new Date() })
      .where(eq(publishState.id, 1))
    try {
      await opts.site.buildAndSwap(opts.childEnv)
      // An edit made during the build leaves the state pending for the next round.
      const [now] = await db().select().from(publishState).where(eq(publishState.id, 1))
      const newer = now?.requestedAt && now.requestedAt.getTime() > requestedAt.getTime()
      await db()
        .update(publishState)
        .set(
          newer
            ? { status: 'pending', liveAt: new Date(), lastError: null, updatedAt: new Date() }
            : { status: 'live', liveAt: new Date(), lastError: null, changedTags: [], updatedAt: new Date() },
        )
        .where(eq(publishState.id, 1))
      console.log('[start] site rebuilt and swapped in')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      console.error(`[start] rebuild failed: ${message.slice(0, 500)}`)
      await db()
        .update(publishState)
        .set({ status: 'live', lastError: message.slice(0, 2000), updatedAt: new Date() })
        .where(eq(publishState.id, 1))
    }
  }

  return {
    onServerReady() {
      timer = setInterval(() => void tick().catch((e) => console.error('[start] publisher:', e)), POLL_MS)
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await building?.catch(() => {})
    },
  }
}
