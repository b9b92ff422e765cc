import { Hono } from 'hono'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { jobView } from '../../jobs/job-view.ts'
import { startLinkCheck } from './link-check-job.ts'
import { activeLinkCheck, lastLinkCheck, listLinkHealth } from './link-checks.repo.ts'

/**
 * Link health (docs/decisions/0853): the last check of every purchase link and game website, broken
 * first, the check running now and the last one that ended; 'Check links now' starts one (or
 * answers the one running).
 */
export const linkHealthRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => {
    const [links, active, last] = await Promise.all([listLinkHealth(), activeLinkCheck(), lastLinkCheck()])
    return c.json({
      links,
      running: active ? jobView(active) : null,
      lastCheck: last
        ? {
            finishedAt: last.finishedAt,
            status: last.status,
            total: last.total,
            // Why a check that ended as failed checked nothing (or stopped): the owner reads it.
            problem: last.status === 'failed' ? (last.errors.at(-1) ?? null) : null,
          }
        : null,
    })
  })
  .post('/checks', async (c) => {
    const { job, started } = await startLinkCheck(c.var.platform)
    recordWrite(c, {
      entity: 'link-check',
      id: job.id,
      summary: started ? `Started a check of ${job.total} links` : 'Asked for a link check (one was running)',
    })
    return c.json({ job: jobView(job), started }, 202)
  })
