import { defineMiddleware } from 'astro:middleware'

const cdnHeaders = ['Netlify-CDN-Cache-Control', 'CDN-Cache-Control', 'Netlify-Cache-Tag', 'Cache-Tag']

/**
 * Pages rendered on demand (docs/decisions/0700): an answer that failed (the database away, a bug)
 * is never kept at the CDN, so the next request renders it again instead of meeting the error for
 * a year. src/pages/500.astro answers such failures with 503 and Retry-After.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next()
  if (response.status >= 500) {
    for (const name of cdnHeaders) response.headers.delete(name)
    response.headers.set('Cache-Control', 'no-store')
  }
  return response
})
