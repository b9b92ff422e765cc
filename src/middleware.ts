import { defineMiddleware } from 'astro:middleware'
import { canonicalNewsAddress } from './lib/news-query.ts'
import { canonicalPath, newsAddress, type NewsAddress } from './lib/page-address.ts'
import { renderTiming } from './server/http/render-timing.ts'
import { newsRange } from './server/pages/news-range.ts'
import { withoutIslandStyle } from './server/pages/island-style.ts'
import { renderedOnce } from './server/pages/rendered-once.ts'
import { withUnavailableStatus } from './server/pages/unavailable.ts'

const cdnHeaders = ['Netlify-CDN-Cache-Control', 'CDN-Cache-Control', 'Netlify-Cache-Tag', 'Cache-Tag', 'Netlify-Vary']

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

/** Which article ids and list pages can be pages: known per function instance (docs/decisions/0702). */
const range = newsRange()
/** The not-found answers of addresses that can never be a page, rendered once per instance. */
const notFound = renderedOnce<NotFoundKind>()
type NotFoundKind = 'article' | 'page'
/** Where each is rendered: an address that is never a page ('Article Not Found', the site's 404). */
const notFoundPath: Record<NotFoundKind, string> = { article: '/news/0', page: '/news/page/0' }

/**
 * Pages rendered on demand (docs/decisions/0700, 0702):
 * - one page, one address: another spelling of a page's address (`/news/`, `/%6Eews`, `/news/01`,
 *   `/news/page/1`) is a 301 to the canonical one (src/lib/page-address.ts), query string kept, so
 *   the CDN keeps one copy of the page;
 * - an address under /news/ that can never hold a page (not an id, an id beyond the highest ever
 *   handed out, a page past the last) is answered with a not-found page rendered once per instance
 *   and not kept at the CDN: junk addresses neither render nor fill the CDN, one copy each;
 * - an answer that failed (the database away, a bug) is never kept at the CDN, so the next request
 *   renders it again instead of meeting the error for a year (src/pages/500.astro answers 503);
 * - an answer that was rendered says so (`Server-Timing: render`), so renders can be counted from
 *   outside, through the CDN (src/server/http/render-timing.ts);
 * - every answer carries the site's security headers, and its Content-Security-Policy (Astro's,
 *   with the hashes of the page's inline scripts) also forbids framing, which only a header can;
 * - a page leaves out the style element Astro writes into its body (src/server/pages/island-style.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return withSiteHeaders(withoutIslandStyle(await next()))
  // The address as it was sent, as the CDN keys it (`context.url` is already decoded by the router).
  const { pathname, search } = new URL(context.request.url)
  const method = context.request.method
  const canonical = canonicalPath(pathname)
  // The news list keys its copies on its search (decision 0704): one spelling of each query too.
  const address = canonical === '/news' ? canonicalNewsAddress(search) : `${canonical}${search}`
  if (address !== `${pathname}${search}` && (method === 'GET' || method === 'HEAD')) {
    // Browsers may keep the redirect; the CDN does not (every odd spelling would be a copy of its own).
    return withSiteHeaders(
      new Response(null, {
        status: 301,
        headers: { Location: address, 'Cache-Control': 'private, max-age=3600' },
      }),
    )
  }

  let renderedAt: number | undefined
  const render = (rewrite?: string) => {
    renderedAt = performance.now()
    return rewrite ? next(rewrite) : next()
  }
  // Never kept at the CDN: Astro writes the page's cache headers after the middleware, unless the
  // request's cache is turned off.
  const notKept = (response: Response) => {
    // The error page is rendered without a cache of its own (Astro gives it none).
    context.cache?.set(false)
    for (const name of cdnHeaders) response.headers.delete(name)
    response.headers.set('Cache-Control', 'no-store')
    return response
  }
  const nothing = await nothingCanBeAt(newsAddress(canonical))
  const response = nothing ? notKept(await notFound(nothing, () => render(notFoundPath[nothing]))) : await render()
  // A refusal (too many searches) and a failure are never kept: the next request is answered afresh.
  if (response.status >= 500 || response.status === 429) notKept(response)
  if (renderedAt !== undefined) response.headers.append('Server-Timing', renderTiming(renderedAt))
  return withSiteHeaders(withoutIslandStyle(withUnavailableStatus(response)))
})

/** The not-found page to answer when no page can ever be at `address`; undefined when one may be. */
async function nothingCanBeAt(address: NewsAddress | undefined): Promise<NotFoundKind | undefined> {
  if (!address) return undefined
  if (address.kind === 'nothing') return address.looksLike
  try {
    if (address.kind === 'article') return (await range.mayHoldArticle(address.id)) ? undefined : 'article'
    return (await range.mayHoldPage(address.page)) ? undefined : 'page'
  } catch {
    // The database away: the page is rendered, and answers 503 (src/pages/500.astro).
    return undefined
  }
}

function withSiteHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value)
  const csp = response.headers.get('Content-Security-Policy')
  if (csp && !csp.includes('frame-ancestors')) {
    response.headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; frame-ancestors 'none'`)
  }
  return response
}
