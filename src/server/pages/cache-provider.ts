import type { CacheProvider } from 'astro'
import { pageQueries } from '../../lib/cache-tags.ts'
import { cdnCacheHeaders } from '../http/cache.ts'

/**
 * Astro's route caching (`Astro.cache.set({ tags })` in a page) with the headers of every public
 * answer of the site (src/server/http/cache.ts, docs/decisions/0700): Netlify's durable CDN cache
 * for a year, a day stale-while-revalidate, the page's tags, and `Netlify-Vary` that keeps tracking
 * parameters out of the key. One copy for everyone, the owner included (docs/decisions/0702).
 *
 * In place of `cacheNetlify()` from @astrojs/netlify, which sets `max-age` without
 * `Netlify-Vary` (every `?utm_source=` a render of its own) and purges with `purgeCache`, which
 * has no time limit; purges go through the purger's queue instead (src/server/cdn).
 */
export default function netlifyCdnCache(): CacheProvider {
  return {
    name: 'netlify-cdn',
    setHeaders(options, request) {
      // A page keyed on its own parameters (the news list's search: decision 0704), and on none else.
      const query = pageQueries[new URL(request.url).pathname]
      return new Headers(cdnCacheHeaders({ tags: options.tags ?? [], query }))
    },
    invalidate() {
      return Promise.reject(new Error('Writes purge through the purger (src/server/cdn/purger.ts).'))
    },
  }
}
