import { siteAddress } from '../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { robotsTxt } from '../lib/feeds.ts'

/**
 * Rendered on demand like the feeds it points at (docs/decisions/0700); it names the site's address,
 * and only a deploy changes that.
 */
export const prerender = false

export const GET: APIRoute = ({ site, cache }) => {
  cache.set({ tags: ['seo'] })
  return new Response(robotsTxt(siteAddress(site)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
