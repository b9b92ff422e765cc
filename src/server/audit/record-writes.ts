import type { Context, MiddlewareHandler } from 'hono'
import { endpointOf, isPublicEndpoint } from '../auth/guard.ts'
import { appendAudit } from './audit.ts'
import { waitUntilOf } from '../http/netlify.ts'
import { tellIndexNow } from '../cdn/indexnow.ts'
import { siteUrl } from '../../env.server.ts'

/**
 * How a handler describes its write for the Activity log. What the write changed on the public site
 * is not said here: the write owes its purges in its own transaction (src/server/cdn/outbox.ts,
 * decision 0703).
 */
export interface WriteRecord {
  /** What was written: 'news', 'game', 'session', ... */
  entity: string
  id?: string | number | null
  summary: string
}

declare module 'hono' {
  interface ContextVariableMap {
    write: WriteRecord
  }
}

/** Handlers describe their write; the middleware below logs it once it succeeded. */
export function recordWrite(c: Context, record: WriteRecord): void {
  c.set('write', record)
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
const succeededWrite = (c: Context) => !safeMethods.has(c.req.method) && c.res.status < 400

/**
 * After every successful state-changing request made with a session (or one that described its
 * write, like the login): one audit row. The write has committed: a failed audit insert is logged,
 * and changes neither the answer nor the purges it owed. A refused request (4xx/5xx) records nothing.
 */
export const auditWrites: MiddlewareHandler = async (c, next) => {
  await next()
  if (!succeededWrite(c)) return
  const record = c.get('write') as WriteRecord | undefined
  // A public route describes its write when it has one to log (the login); the owner's page views,
  // sent with the session cookie, are no admin writes.
  if (!record && (!c.get('session') || isPublicEndpoint(c))) return
  const endpoint = endpointOf(c) ?? `${c.req.method} ${c.req.path}`
  try {
    c.var.platform.faults?.audit?.()
    await appendAudit({
      method: c.req.method,
      route: endpoint.slice(c.req.method.length + 1),
      entity: record?.entity ?? c.req.path.split('/').slice(2, 4).join('/'),
      entityId: record?.id ?? null,
      summary: record?.summary ?? `${c.req.method} ${c.req.path}`,
    })
  } catch (error) {
    console.warn(`[audit] ${endpoint}: the write was made, its audit row was not:`, error)
  }
}

/**
 * After every successful write, the purges it owed are sent (src/server/cdn/outbox.ts), before
 * the answer: the owner who opens the page next sees the change. Whatever is not sent now (a refused
 * purge, a process that died here) is sent by the every-minute scheduler.
 */
export const sendOwedPurges: MiddlewareHandler = async (c, next) => {
  await next()
  if (!succeededWrite(c)) return
  // Tests stand in for a process that dies between the commit and this flush.
  c.var.platform.faults?.afterCommit?.()
  try {
    await c.var.platform.purger.flush({ waitUntil: waitUntilOf(c) })
  } catch (error) {
    console.warn(`[purge] ${c.req.method} ${c.req.path}: the owed purges wait for the scheduler:`, error)
  }
  // The search engines are told of the pages just purged, after the answer (the tick tells them otherwise).
  waitUntilOf(c)?.(
    tellIndexNow(siteUrl, c.var.platform.external.outbound).catch((error: unknown) =>
      console.warn('[indexnow] the changed pages wait for the scheduler:', error),
    ),
  )
}
