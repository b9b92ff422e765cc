import type { Context, MiddlewareHandler } from 'hono'
import { endpointOf } from '../auth/guard.ts'
import type { PurgeTag } from '../../lib/cache-tags.ts'
import { appendAudit } from './audit.ts'
import { waitUntilOf } from '../http/netlify.ts'

export interface WriteRecord {
  /** What was written: 'news', 'game', 'session', ... */
  entity: string
  id?: string | number | null
  summary: string
  /** The public content this write changes: purged at the CDN (docs/decisions/0700). */
  tags?: PurgeTag[]
}

declare module 'hono' {
  interface ContextVariableMap {
    write: WriteRecord
  }
}

/** Handlers describe their write; the middleware below logs and publishes it once it succeeded. */
export function recordWrite(c: Context, record: WriteRecord): void {
  c.set('write', record)
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * After every successful state-changing request made with a session (or one that described its
 * write, like the login): one audit row, then publishing of the content it changed.
 * A refused request (4xx/5xx) records nothing.
 */
export const auditWrites: MiddlewareHandler = async (c, next) => {
  await next()
  if (safeMethods.has(c.req.method) || c.res.status >= 400) return
  const record = c.get('write') as WriteRecord | undefined
  if (!record && !c.get('session')) return
  const endpoint = endpointOf(c) ?? `${c.req.method} ${c.req.path}`
  await appendAudit({
    method: c.req.method,
    route: endpoint.slice(c.req.method.length + 1),
    entity: record?.entity ?? c.req.path.split('/').slice(2, 4).join('/'),
    entityId: record?.id ?? null,
    summary: record?.summary ?? `${c.req.method} ${c.req.path}`,
  })
  if (record?.tags?.length) {
    await c.var.platform.publisher.changed(record.tags, { waitUntil: waitUntilOf(c) })
  }
}
