/**
 * `Server-Timing: render;dur=<ms>;desc="<id>"` on every answer the server actually produced: a page
 * whose component ran, an API answer whose handler ran (docs/decisions/0702). A CDN copy repeats
 * the header of the render it keeps, id included, so the renders behind a series of answers are
 * counted from outside as the distinct ids among them (`renderIdOf`); an answer without the header
 * was built without rendering (a redirect, a not-found answer made once per instance).
 */
export const RENDER_METRIC = 'render'

/** The header value for a render that started at `startedAt` (performance.now()). */
export function renderTiming(startedAt: number): string {
  const ms = Math.max(0, performance.now() - startedAt).toFixed(1)
  return `${RENDER_METRIC};dur=${ms};desc="${crypto.randomUUID().slice(0, 13)}"`
}

/** The id of the render behind an answer (its Server-Timing header), or undefined when none was. */
export function renderIdOf(serverTiming: string | null | undefined): string | undefined {
  for (const metric of (serverTiming ?? '').split(',')) {
    const [name, ...params] = metric.split(';').map((part) => part.trim())
    if (name !== RENDER_METRIC) continue
    const desc = params.find((p) => p.startsWith('desc='))
    if (desc) return desc.slice('desc='.length).replace(/^"|"$/g, '')
  }
  return undefined
}
