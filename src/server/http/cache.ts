import { cacheHeaders, DAY, YEAR } from '@netlify/cache'
import type { Context, MiddlewareHandler } from 'hono'

/**
 * How every public answer is kept at Netlify's CDN (docs/decisions/0700), pages and API alike:
 * - kept a year (`s-maxage`) in the durable cache, shared by every edge node: a write purges the
 *   tags it changed, so nothing waits for an expiry, and a deploy drops the whole cache anyway;
 * - served stale for a day after an expiry while the CDN renders it again;
 * - keyed on the path and the query parameters the answer reads, never on tracking parameters
 *   (`utm_*`, `fbclid`, `cb`...) that would make a render each;
 * - and on nothing else: a public answer does not depend on who asks, so the owner is served the
 *   visitors' copy too (a cookie, real or made up, is no way around the CDN: docs/decisions/0702).
 *   The owner sees a change at once because the write purges its tags before it answers; the panel
 *   reads what it edits through /api/admin, which is never kept.
 * Browsers always ask again (`max-age=0, must-revalidate`), so the CDN's copy is what they get.
 */
export const CDN_TTL_S = YEAR
export const CDN_SWR_S = DAY

/**
 * `Netlify-Vary: query=<names>` keys the CDN's copy on the named parameters only. An answer that
 * reads none names one that nobody sends (an empty list is not documented): `?cb=1`, `?utm_source=x`
 * ... all share the one copy of the path.
 */
export const NO_QUERY_VARIANTS = 'no-query-variants'

export interface CdnCacheOptions {
  tags: readonly string[]
  /** The query parameters the answer depends on; none by default. */
  query?: readonly string[]
}

/** The headers of a public answer kept at the CDN, the same for every request of its URL. */
export function cdnCacheHeaders(options: CdnCacheOptions): Record<string, string> {
  const vary = { query: options.query?.length ? [...options.query] : [NO_QUERY_VARIANTS] }
  // @netlify/cache writes its header names in lower case.
  const headers = cacheHeaders({ ttl: CDN_TTL_S, swr: CDN_SWR_S, durable: true, tags: [...options.tags], vary })
  return {
    ...headers,
    'netlify-cdn-cache-control': `public, ${headers['netlify-cdn-cache-control']}`,
    // For a CDN in front of Netlify's (Cache-Tag is what most of them read).
    'cache-tag': options.tags.join(','),
    'cache-control': 'public, max-age=0, must-revalidate',
  }
}

/** Public GET answers of the API: kept at the CDN under `tags` until a write purges them. */
export function publicCache(
  tags: readonly string[] | ((c: Context) => readonly string[]),
  options: { query?: readonly string[] } = {},
): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'GET' || c.res.status !== 200) return
    const headers = cdnCacheHeaders({ tags: typeof tags === 'function' ? tags(c) : tags, query: options.query })
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
  }
}

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  }
}
