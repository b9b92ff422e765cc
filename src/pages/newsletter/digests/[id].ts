import type { APIRoute } from 'astro'
import { digestPage } from '../../../server/features/newsletter/index.ts'

/**
 * `/newsletter/digests/{id}`: a digest as its readers got it, the email's 'View this email in your
 * browser' (decision 0874); `/newsletter/digests/preview?token=...` the preview a test email links.
 * The email's own HTML, under a policy that lets its inline styles and the site's pictures in and
 * nothing else; kept out of search results (its articles have their own pages).
 */
export const prerender = false

const POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

export const GET: APIRoute = async ({ params, url, cache }) => {
  // Nobody else's copy: a sent digest never changes, but a preview does and a restore may drop one.
  cache.set(false)
  const html = await digestPage(params.id ?? '', url.searchParams.get('token'))
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': POLICY,
    'X-Robots-Tag': 'noindex',
    'Cache-Control': 'no-store',
  }
  if (html === undefined)
    return new Response(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Digest not found</title></head><body><h1>Digest not found</h1><p>This digest is not on the site. <a href="/newsletter">The SimRacing Hub digest</a></p></body></html>',
      { status: 404, headers },
    )
  return new Response(html, { headers })
}
