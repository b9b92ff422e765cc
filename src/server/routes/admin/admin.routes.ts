import { Hono } from 'hono'
import { z } from 'zod'
import { listAudit } from '../../audit/audit.ts'
import { noStore } from '../../http/cache.ts'
import { queryParams } from '../../http/validate.ts'
import { getPublishStatus } from '../../publish/publish.ts'

const pageQuery = z.object({
  page: z.coerce
    .number({ message: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be 1 or more.')
    .max(100_000, 'page is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a number.' })
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be between 1 and 200.')
    .max(200, 'pageSize must be between 1 and 200.')
    .default(50),
})

/** GET /api/admin/audit-log (newest first, paged) and GET /api/admin/publish-status. */
export const adminInfoRoutes = new Hono()
  .use(noStore())
  .get('/audit-log', queryParams(pageQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query')
    const { items, total } = await listAudit(page, pageSize)
    return c.json({ items, total, page, pageSize })
  })
  .get('/publish-status', async (c) => {
    const s = await getPublishStatus()
    return c.json({
      status: s.status,
      changedTags: s.changedTags,
      requestedAt: s.requestedAt,
      buildStartedAt: s.buildStartedAt,
      liveAt: s.liveAt,
      lastError: s.lastError,
    })
  })
