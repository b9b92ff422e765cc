import type { MiddlewareHandler } from 'hono'
import { featureList } from '../features/index.ts'
import { waitUntilOf } from '../http/netlify.ts'
import { dispatchSiteEvents } from './dispatch.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * After every write the API answered well: what it did to the site is handed to the features
 * (./dispatch.ts: a few rows, in this request, so its deliveries exist when the answer goes), then
 * each feature's `afterWrite` sends what is due with the request's background work, never before
 * the answer. A failure here is logged and left to the next tick: the write has committed.
 */
export const tellTheFeatures: MiddlewareHandler = async (c, next) => {
  await next()
  if (safeMethods.has(c.req.method) || c.res.status >= 400) return
  try {
    await dispatchSiteEvents()
  } catch (error) {
    console.warn(`[events] ${c.req.method} ${c.req.path}: the site events wait for the scheduler:`, error)
    return
  }
  const waitUntil = waitUntilOf(c)
  for (const feature of featureList) feature.afterWrite?.(c.var.platform, waitUntil)
}
