/**
 * Astro answers its error page (src/pages/500.astro) with status 500 whatever the page sets; the page
 * marks the database being away with this header, and the middleware answers 503 for it
 * (decision 0700: a page that cannot be rendered because the database is away is a 503).
 */
export const UNAVAILABLE_HEADER = 'X-Page-Unavailable'

/** The error page's answer with the status it asked for: 503 when marked, else as it is. */
export function withUnavailableStatus(response: Response): Response {
  if (response.status !== 500 || !response.headers.has(UNAVAILABLE_HEADER)) return response
  const headers = new Headers(response.headers)
  headers.delete(UNAVAILABLE_HEADER)
  return new Response(response.body, { status: 503, headers })
}
