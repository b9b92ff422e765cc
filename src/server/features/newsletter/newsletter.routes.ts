import { Hono, type Context } from 'hono'
import { waitUntilOf } from '../../http/netlify.ts'
import { clientKey } from '../../auth/rate-limit.ts'
import { noStore } from '../../http/cache.ts'
import { ApiError } from '../../http/errors.ts'
import type { NetlifyBindings } from '../../http/netlify.ts'
import { CHECK_INBOX, OUTCOMES, type Outcome } from '../../../lib/newsletter/texts.ts'
import { sameSitePath } from '../../../lib/same-site-path.ts'
import { useConfirmLink, useUnsubscribeLink } from './links.ts'
import { signUp } from './subscriptions.ts'

/**
 * The newsletter's public routes (docs/decisions/0800), listed in the guard's public routes: the
 * sign-up, the confirmation and the unsubscribe. Never kept at the CDN. They take JSON or a form
 * (the site's forms work without JavaScript; RFC 8058's one-click POST is a form): a browser's own
 * form submission (it asks for HTML) is answered with 303 to /newsletter?result=<outcome>, a page
 * that says the outcome; everything else gets JSON `{ message }` with its status.
 */
type Env = { Bindings: NetlifyBindings }

/** The fields of a JSON or form body; anything else is a 400 (415 for a body of another type). */
async function fields(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    try {
      return await c.req.parseBody()
    } catch {
      throw new ApiError(400, 'The form could not be read.')
    }
  }
  if (type.startsWith('application/json')) {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      throw new ApiError(400, 'The request body must be JSON.')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ApiError(400, 'The request body must be a JSON object.')
    return body as Record<string, unknown>
  }
  if (!type && !c.req.raw.body) return {}
  throw new ApiError(415, 'Send a form or JSON.')
}

/** A browser submitting one of the site's forms without JavaScript: it navigates, and wants a page. */
const wantsPage = (c: Context) =>
  (c.req.header('accept') ?? '').includes('text/html') || c.req.header('sec-fetch-mode') === 'navigate'

/**
 * The outcome page; a sign-up's carries the page its form was on (`from`, a path on this site only:
 * the page links back to it) and a refused address as typed (`email`: the form shows it again to be
 * corrected, issue 45). A value that could not be an address (over 254 characters) is not carried.
 */
function toPage(c: Context, outcome: Outcome | undefined, signUp: { from?: unknown; email?: unknown } = {}) {
  if (!outcome) return c.redirect('/newsletter', 303)
  const query = new URLSearchParams({ result: outcome })
  const from = sameSitePath(signUp.from)
  if (from) query.set('from', from)
  if (typeof signUp.email === 'string' && signUp.email.length <= 254) query.set('email', signUp.email)
  return c.redirect(`/newsletter?${query}`, 303)
}

/** The status each outcome of a link is answered with (a link that does nothing is not a success). */
const linkStatus: Record<Outcome, 200 | 400 | 410> = {
  'check-inbox': 200,
  'invalid-address': 400,
  'too-many': 400,
  confirmed: 200,
  unsubscribed: 200,
  'already-unsubscribed': 200,
  'not-on-list': 200,
  'link-invalid': 400,
  'link-expired': 410,
  'link-used': 410,
}

const answer = (c: Context, outcome: Outcome, json = !wantsPage(c)) =>
  json ? c.json({ message: OUTCOMES[outcome].text }, linkStatus[outcome]) : toPage(c, outcome)

const tokenOf = (value: unknown) => (typeof value === 'string' ? value : '')

export const newsletterRoutes = new Hono<Env>()
  .use(noStore())
  /** A sign-up: `{ email, page, website }` (website: the honeypot). The same answer for any address. */
  .post('/subscriptions', async (c) => {
    const page = wantsPage(c)
    let body: Record<string, unknown> = {}
    try {
      body = await fields(c)
      // The confirmation email goes after the answer: Netlify keeps the function for it (waitUntil).
      await signUp(
        c.var.platform,
        { email: body.email, page: body.page, website: body.website },
        clientKey(c),
        new Date(),
        waitUntilOf(c),
      )
    } catch (error) {
      if (!page || !(error instanceof ApiError)) throw error
      if (error.status === 400) return toPage(c, 'invalid-address', { from: body.page, email: body.email })
      return toPage(c, error.status === 429 ? 'too-many' : undefined, { from: body.page })
    }
    return page ? toPage(c, 'check-inbox', { from: body.page }) : c.json({ message: CHECK_INBOX }, 200)
  })
  /** The confirmation page's button: `{ token }`. Once; a replayed, expired or changed link changes nothing. */
  .post('/confirmations', async (c) => answer(c, await useConfirmLink(tokenOf((await fields(c)).token))))
  /**
   * The List-Unsubscribe address (RFC 8058): a POST unsubscribes at once, token in the address,
   * whatever the body (`List-Unsubscribe=One-Click`); the unsubscribe page's button posts the same.
   */
  .post('/unsubscribe', async (c) => {
    const body = await fields(c)
    const outcome = await useUnsubscribeLink(c.req.query('token') ?? tokenOf(body.token))
    // A mail provider's one click gets its answer, never a redirect (RFC 8058), whatever it accepts.
    return answer(c, outcome, body['List-Unsubscribe'] === 'One-Click' || !wantsPage(c))
  })
  /** The same address opened in a browser: the page with the button (a GET never unsubscribes). */
  .get('/unsubscribe', (c) =>
    c.redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 303),
  )
