import { Hono } from 'hono'
import { z } from 'zod'
import { listAudit } from '../../audit/audit.ts'
import { noStore } from '../../http/cache.ts'
import { waitUntilOf } from '../../http/netlify.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { intFrom } from '../../http/fields.ts'
import { jsonBody, queryParams } from '../../http/validate.ts'
import { getDeployBudget, getDeployStatus, requestDeploy, setDeployBudget } from '../../deploys/deploy-hook.ts'

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
  /**
   * How changes reach visitors: the CDN purges (content; docs/decisions/0700) and the deploys
   * (code, and the owner's 'Rebuild Site'; 0204).
   */
  .get('/publish-status', async (c) => {
    const [publishing, s, deploys] = await Promise.all([
      c.var.platform.purger.status(),
      getDeployStatus(),
      getDeployBudget(c.var.platform.deploys),
    ])
    return c.json({
      publishing,
      build: { status: s.status, buildStartedAt: s.buildStartedAt, liveAt: s.liveAt, lastError: s.lastError },
      deploys,
    })
  })
  /** The System tab's 'Purge Everything': every page is rendered afresh at its next visit. */
  .post('/purge-all', async (c) => {
    await c.var.platform.purger.purgeEverything({ waitUntil: waitUntilOf(c) })
    recordWrite(c, { entity: 'site', summary: 'Purged the whole site from the CDN' })
    return c.json(await c.var.platform.purger.status())
  })
  /** The System tab's 'Rebuild Site': a production build, within the month's deploy budget. */
  .post('/rebuild', async (c) => {
    const decision = await requestDeploy(c.var.platform.deploys)
    recordWrite(c, { entity: 'site', summary: 'Asked for a rebuild of the site' })
    return c.json({ decision, deploys: await getDeployBudget(c.var.platform.deploys) })
  })
  .post('/deploy-budget', jsonBody(deployBudgetBody, deployBudgetMessage), async (c) => {
    const body = c.req.valid('json')
    const budget = await setDeployBudget(c.var.platform.deploys, body)
    recordWrite(c, {
      entity: 'deploy-budget',
      summary: `Deploy budget: ${body.monthlyDeployBudget} a month, ${body.creditsPerDeploy} credits each`,
    })
    return c.json(budget)
  })
