import { cronMatches } from './cron.ts'
import { localContext } from './local-functions.ts'
import type { LocalRuntime } from './local-runtime.ts'

/**
 * Netlify calls scheduled functions on their cron (UTC) in production and never locally; the local
 * runner does it: at the start of each minute, each scheduled function whose cron is due is called
 * the way Netlify calls it (a POST whose body carries `next_run`). A run still going when the next
 * minute comes is not started twice.
 */
export function startScheduleTicker(runtime: LocalRuntime, now = () => new Date()): { stop(): Promise<void> } {
  const running = new Map<string, Promise<unknown>>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  function tick() {
    const at = now()
    for (const fn of runtime.functions) {
      if (!fn.schedule || running.has(fn.name) || !cronMatches(fn.schedule, at)) continue
      const request = new Request(`${runtime.url}/.netlify/functions/${fn.name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_run: new Date(Math.floor(at.getTime() / 60_000) * 60_000 + 60_000).toISOString() }),
      })
      const context = localContext({ request, ip: '127.0.0.1', params: {}, siteUrl: runtime.url, waitUntil: () => {} })
      const run = Promise.resolve()
        .then(() => fn.handler(request, context))
        .catch((error: unknown) => console.error(`[start] scheduled function ${fn.name} failed:`, error))
        .finally(() => running.delete(fn.name))
      running.set(fn.name, run)
    }
  }

  function schedule() {
    if (stopped) return
    const wait = 60_000 - (now().getTime() % 60_000) + 50
    timer = setTimeout(() => {
      tick()
      schedule()
    }, wait)
  }
  schedule()

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await Promise.allSettled([...running.values()])
    },
  }
}
