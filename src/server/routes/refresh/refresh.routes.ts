import { Hono } from 'hono'
import { recordWrite } from '../../audit/record-writes.ts'
import { missingVariables } from '../../external/config.ts'
import { noStore } from '../../http/cache.ts'
import { jobView } from '../../jobs/job-view.ts'
import { startGameRefresh, startStreamRefresh } from '../../refresh/start.ts'

/**
 * POST /api/admin/refresh-streams and /api/admin/refresh-games: start the refresh as a job (202);
 * the progress banner follows it and the site is rebuilt for what changed. GET
 * /api/admin/refresh-status tells the panel which stream platforms have their keys.
 */
export const refreshRoutes = new Hono()
  .use(noStore())
  .get('/refresh-status', (c) =>
    c.json({
      twitch: {
        configured: missingVariables(c.var.platform.external, 'twitch').length === 0,
        missing: missingVariables(c.var.platform.external, 'twitch'),
      },
      youtube: {
        configured: missingVariables(c.var.platform.external, 'youtube').length === 0,
        missing: missingVariables(c.var.platform.external, 'youtube'),
      },
      steam: { configured: true, missing: [] as string[] },
    }),
  )
  .post('/refresh-streams', async (c) => {
    const job = await startStreamRefresh(c.var.platform)
    recordWrite(c, { entity: 'job', id: job.id, summary: `Started refreshing ${job.total} streams` })
    return c.json({ job: jobView(job) }, 202)
  })
  .post('/refresh-games', async (c) => {
    const job = await startGameRefresh(c.var.platform)
    recordWrite(c, { entity: 'job', id: job.id, summary: `Started refreshing ${job.total} games` })
    return c.json({ job: jobView(job) }, 202)
  })
