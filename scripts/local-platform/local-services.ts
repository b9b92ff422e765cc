import {
  getPublishStatus,
  localBuildDue,
  markBuildFinished,
  markBuildStarted,
} from '../../src/server/publish/publish.ts'
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
 * (after a content write), rebuild once the edits settle and swap the new build in. The status
 * moves through the same `markBuildStarted` / `markBuildFinished` as Netlify's deploy events move
 * it in production, where the API posts to the build hook instead (src/server/publish).
 */
export async function startLocalServices(opts: {
  site: Pick<SiteRoot, 'buildAndSwap'>
  childEnv: Record<string, string>
  /** Tests shorten the quiet period and the poll. */
  quietMs?: number
  pollMs?: number
}): Promise<LocalServices> {
  const quietMs = opts.quietMs ?? REBUILD_DEBOUNCE_MS
  let timer: NodeJS.Timeout | undefined
  /** The tick in progress (reading the state, then maybe building): one at a time. */
  let ticking: Promise<void> | undefined
  let stopped = false
  /** When this run last started a build: a failed build is not retried until another edit arrives. */
  let lastBuildStartedAt: Date | undefined

  function poll() {
    if (stopped || ticking) return
    ticking = tick()
      .catch((error: unknown) => console.error('[start] publisher:', error))
      .finally(() => (ticking = undefined))
  }

  async function tick() {
    const now = new Date()
    if (!localBuildDue(await getPublishStatus(), { lastBuildStartedAt, quietMs, now })) return
    lastBuildStartedAt = now
    await rebuild(now)
  }

  async function rebuild(startedAt: Date) {
    await markBuildStarted(startedAt)
    try {
      await opts.site.buildAndSwap(opts.childEnv)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      console.error(`[start] rebuild failed: ${message.slice(0, 500)}`)
      await markBuildFinished(`The local build failed: ${message}`)
      return
    }
    await markBuildFinished(null)
    console.log('[start] site rebuilt and swapped in')
  }

  return {
    onServerReady() {
      timer = setInterval(poll, opts.pollMs ?? POLL_MS)
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await ticking
    },
  }
}
