import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { siteUrl } from '../../env.server.ts'
import { ApiError } from '../http/errors.ts'
import { readSessionCookie } from './cookie.ts'
import { findSession, type Session } from './sessions.ts'

declare module 'hono' {
  interface ContextVariableMap {
    session: Session
    /**
     * The routes a visitor may call without a session: the core's (below) and each feature's, put
     * here by the app (src/server/app.ts), which knows the features; this module does not.
     */
    publicRoutes: ReadonlySet<string>
    /** The public routes a signed token authorizes, which the origin check leaves alone (RFC 8058). */
    tokenRoutes: ReadonlySet<string>
  }
}

/**
 * The only core routes a visitor may call without a session: the public reads of spec 000 and the
 * login; each feature names its own (the newsletter's sign-up and links, the audience's beacon:
 * src/server/public-routes.ts puts the two together).
 * Everything else, including any route added later, needs the admin session (deny by default).
 * Entries are `METHOD route-pattern` exactly as registered (see app.routes), not URL prefixes,
 * so `GET /api/games/:id` being public says nothing about a future `GET /api/games/export`.
 */
export const corePublicRoutes: readonly string[] = [
  'GET /api/games',
  'GET /api/games/featured',
  'GET /api/games/steam',
  'GET /api/games/:id',
  'GET /api/accessories',
  'GET /api/accessories/featured',
  'GET /api/accessories/:id',
  'GET /api/news',
  'GET /api/news/categories',
  // What a search that found nothing is offered (decision 0872).
  'GET /api/news/search-help',
  'GET /api/news/:id',
  'GET /api/championships-standings',
  'GET /api/championships',
  'GET /api/championships/:id',
  'GET /api/lap-times',
  'GET /api/lap-times/tracks',
  'GET /api/streams',
  'GET /api/streams/live',
  'GET /api/streams/:id',
  'GET /api/reviews',
  'GET /api/reviews/:id',
  'GET /api/site-settings/:key',
  'GET /api/image-library',
  'POST /api/admin/login',
  'GET /api/admin/session/state',
]

const coreRouteSet: ReadonlySet<string> = new Set(corePublicRoutes)

/**
 * The only route a session waiting for the second factor may call (docs/decisions/0206): for
 * every other route such a session is no session at all.
 */
export const secondStepRoutes: ReadonlySet<string> = new Set(['POST /api/admin/login/verify'])

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The route that will answer this request (`GET /api/news/:id`), or undefined when none matches. */
export function endpointOf(c: Context): string | undefined {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
  const handler = matchedRoutes(c).findLast((r) => r.method === method)
  return handler ? `${method} ${handler.path}` : undefined
}

export const isPublicEndpoint = (c: Context) => {
  const endpoint = endpointOf(c)
  return endpoint !== undefined && (c.get('publicRoutes') ?? coreRouteSet).has(endpoint)
}

const allowedOrigins = (c: Context) => new Set([new URL(siteUrl).origin, new URL(c.req.url).origin])

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    return new URL(value).origin
  } catch {
    return 'invalid'
  }
}

/**
 * A state-changing request (and any non-public one) must come from our own pages: its Origin (or, without one, its Referer)
 * must be the site's address or the address the request was sent to. Requests with neither header
 * (curl, server-to-server) still need the session cookie, which browsers send SameSite=Strict only.
 */
export const originCheck: MiddlewareHandler = async (c, next) => {
  const endpoint = endpointOf(c)
  // A one-click unsubscribe comes from a mail client, from any origin: its token is its authority.
  const tokenAuthorized =
    endpoint !== undefined && isPublicEndpoint(c) && (c.get('tokenRoutes')?.has(endpoint) ?? false)
  // Reads of admin data are held to the same rule (a foreign page has no business asking).
  if (!tokenAuthorized && (!safeMethods.has(c.req.method) || !isPublicEndpoint(c))) {
    const origin = originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'))
    if (origin !== undefined && !allowedOrigins(c).has(origin)) {
      throw new ApiError(403, 'This request must come from the site itself.')
    }
  }
  await next()
}

/**
 * 401 unless the route is public or the request carries a live admin session. A path no route
 * matches falls through to the 404 answer (except under /api/admin): there is nothing behind it to protect (handlers
 * registered for every method with `app.all` would not be matched here, so the route-protection
 * test refuses them).
 */
export const requireSession: MiddlewareHandler = async (c, next) => {
  const found = await findSession(readSessionCookie(c))
  // The password alone opens nothing once two-factor login is on: only the code's route.
  const endpoint = endpointOf(c)
  const session = found?.secondFactorPending && !(endpoint && secondStepRoutes.has(endpoint)) ? undefined : found
  if (session) c.set('session', session)
  // Under /api/admin a path no route matches is refused like one that does: without a session, the
  // answers do not tell which admin routes exist.
  const adminPath = c.req.path === '/api/admin' || c.req.path.startsWith('/api/admin/')
  if (!session && (endpoint !== undefined || adminPath) && !isPublicEndpoint(c)) {
    throw new ApiError(401, 'Please log in as the administrator.')
  }
  await next()
}
