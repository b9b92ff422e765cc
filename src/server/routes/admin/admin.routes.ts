import { Hono } from 'hono'
import { z } from 'zod'
import { listAudit } from '../../audit/audit.ts'
import { noStore } from '../../http/cache.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { intFrom } from '../../http/fields.ts'
import { jsonBody, queryParams } from '../../http/validate.ts'
import { getDeployBudget, getPublishStatus, setDeployBudget } from '../../publish/publish.ts'

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

const deployBudgetMessage = 'Please give the monthly deploy budget and the credits per deploy.'
const deployBudgetBody = z.object(
  {
    monthlyDeployBudget: intFrom('The monthly deploy budget', 0, 100_000),
    creditsPerDeploy: intFrom('The credits per deploy', 0, 1000),
  },
  { message: deployBudgetMessage },
)

/**
 * GET /api/admin/audit-log (newest first, paged), GET /api/admin/publish-status (with this month's
 * deploys and their credits) and POST /api/admin/deploy-budget (docs/decisions/0204).
 */
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
      deploys: await getDeployBudget(),
    })
  })
  .post('/deploy-budget', jsonBody(deployBudgetBody, deployBudgetMessage), async (c) => {
    const body = c.req.valid('json')
    const budget = await setDeployBudget(body)
    recordWrite(c, {
      entity: 'deploy-budget',
      summary: `Deploy budget: ${body.monthlyDeployBudget} a month, ${body.creditsPerDeploy} credits each`,
    })
    return c.json(budget)
  })
