/**
 * Netlify's purge API (`POST {api}/api/v1/purge`, documented at docs.netlify.com, "Purge cache by
 * tag"): `site_id` and `cache_tags` purge those tags; without `cache_tags` the whole site is purged
 * (an empty list purges nothing). Each tag, and the site, may be purged twice per 5 s; beyond that the
 * API answers 429.
 *
 * Written here rather than through `purgeCache` from @netlify/functions (decision 0700): that helper
 * sends the same request, but has no time limit (a hung purge would hold the owner's save) and
 * throws away the status and Retry-After that the queue needs to retry a 429 at the right time.
 * Locally and in tests `apiUrl` is the CDN stand-in of `npm start` or a fake on 127.0.0.1: the same
 * request, another address.
 */
export interface PurgeTarget {
  apiUrl: string
  siteId: string
  token: string
}

/** Tags in one call: far below the API's limits, and a tag list the System tab can show. */
export const MAX_TAGS_PER_PURGE = 50
/** How long a purge may take before the save goes on without it (the queue sends it again). */
export const PURGE_TIMEOUT_MS = 5_000

export class PurgeError extends Error {
  constructor(
    message: string,
    /** The API's status, when it answered. */
    readonly status?: number,
    /** Seconds the API asked us to wait (Retry-After), when it said. */
    readonly retryAfterS?: number,
  ) {
    super(message)
  }
}

export type PurgeFn = (tags: readonly string[] | 'everything') => Promise<void>

/**
 * A purge function for one site; `fetchImpl` is the platform's fetch (tests count calls with it),
 * `timeoutMs` the wait for an answer (a test of a hung API waits less than production's 5 s).
 */
export function netlifyPurge(
  target: PurgeTarget,
  fetchImpl: typeof fetch = fetch,
  { timeoutMs = PURGE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): PurgeFn {
  return async (tags) => {
    if (tags !== 'everything' && tags.length === 0) return
    const body = tags === 'everything' ? { site_id: target.siteId } : { site_id: target.siteId, cache_tags: tags }
    let response: Response
    try {
      response = await fetchImpl(`${target.apiUrl.replace(/\/$/, '')}/api/v1/purge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf8', authorization: `Bearer ${target.token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      throw new PurgeError(
        timedOut
          ? `The purge API did not answer within ${timeoutMs / 1000} s.`
          : `The purge API could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    await response.body?.cancel()
    if (response.ok) return
    const retryAfter = Number(response.headers.get('retry-after'))
    throw new PurgeError(
      response.status === 429
        ? 'The purge API answered 429 (too many purges): retrying.'
        : `The purge API answered ${response.status}.`,
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    )
  }
}
