import { defineMiddleware } from 'astro:middleware'

const cdnHeaders = ['Netlify-CDN-Cache-Control', 'CDN-Cache-Control', 'Netlify-Cache-Tag', 'Cache-Tag']

/**
 * The headers netlify.toml gives the files Netlify serves: Netlify applies them to files only, never
 * to a function's answer, so the pages rendered on demand set them themselves (docs/decisions/0700).
 */
const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
}

/**
 * Pages rendered on demand (docs/decisions/0700):
 * - an answer that failed (the database away, a bug) is never kept at the CDN, so the next request
 *   renders it again instead of meeting the error for a year (src/pages/500.astro answers 503);
 * - every answer carries the site's security headers, and its Content-Security-Policy (Astro's,
 *   with the hashes of the page's inline scripts) also forbids framing, which only a header can.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next()
  if (response.status >= 500) {
    for (const name of cdnHeaders) response.headers.delete(name)
    response.headers.set('Cache-Control', 'no-store')
  }
  for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value)
  const csp = response.headers.get('Content-Security-Policy')
  if (csp && !csp.includes('frame-ancestors')) {
    response.headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; frame-ancestors 'none'`)
  }
  return response
})
