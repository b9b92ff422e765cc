import type { APIRoute } from 'astro'
import { indexNowKey } from '../server/cdn/indexnow.ts'

/**
 * IndexNow's key file (docs/decisions/0860): /<key>.txt answers the key, so the search engines the
 * site tells of its changed pages can trust that the site told them. Any other /<name>.txt is a 404.
 * Rendered on demand; the key never changes, so the CDN keeps the answer.
 */
export const prerender = false

export const GET: APIRoute = async ({ params, cache }) => {
  const key = await indexNowKey()
  if (params.indexnow !== key)
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  cache.set({ tags: ['seo'] })
  return new Response(key, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
