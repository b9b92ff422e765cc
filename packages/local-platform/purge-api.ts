import type { CdnCache } from './cdn-cache.ts'

/** Netlify's documented limit: each tag, and the site, may be purged twice per 5 s (429 beyond). */
export const PURGES_PER_WINDOW = 2
export const PURGE_WINDOW_MS = 5_000

/**
 * Netlify's purge API (`POST /api/v1/purge`) in front of the local CDN stand-in: the same request
 * a deployed site sends, with its bearer token, its
 * body (`site_id`, `cache_tags`; no `cache_tags` purges the whole site, an empty list nothing) and
 * its rate limit, so that `npm start` retries a 429 exactly as a deployed site does.
 */
export class PurgeApi {
  private readonly recent = new Map<string, number[]>()
  /** Every accepted purge, for tests and the start log. */
  readonly accepted: (string[] | 'everything')[] = []

  private readonly cache: CdnCache
  private readonly auth: { token: string; siteId: string }
  private readonly now: () => number

  constructor(cache: CdnCache, auth: { token: string; siteId: string }, now: () => number = Date.now) {
    this.cache = cache
    this.auth = auth
    this.now = now
  }

  async handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 })
    if (request.headers.get('authorization') !== `Bearer ${this.auth.token}`) {
      return Response.json({ message: 'Unauthorized' }, { status: 401 })
    }
    let body: { site_id?: unknown; cache_tags?: unknown }
    try {
      body = (await request.json()) as typeof body
    } catch {
      return Response.json({ message: 'The body must be JSON.' }, { status: 400 })
    }
    if (body.site_id !== this.auth.siteId) return Response.json({ message: 'Site not found' }, { status: 404 })
    const tags = body.cache_tags
    if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string'))) {
      return Response.json({ message: 'cache_tags must be a list of strings.' }, { status: 400 })
    }
    const keys = tags === undefined ? ['site'] : tags.map((t) => `tag:${t.toLowerCase()}`)
    const at = this.now()
    const busy = keys.filter(
      (k) => (this.recent.get(k) ?? []).filter((t) => at - t < PURGE_WINDOW_MS).length >= PURGES_PER_WINDOW,
    )
    if (busy.length > 0) return Response.json({ message: 'Too many purges' }, { status: 429 })
    for (const k of keys)
      this.recent.set(k, [...(this.recent.get(k) ?? []).filter((t) => at - t < PURGE_WINDOW_MS), at])
    this.cache.purge(tags === undefined ? 'everything' : tags)
    this.accepted.push(tags === undefined ? 'everything' : tags)
    return new Response(null, { status: 202 })
  }
}
