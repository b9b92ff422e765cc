import { Hono } from 'hono'
import { noStore } from '../../http/cache.ts'
import { ApiError, notFound } from '../../http/errors.ts'
import { idParams } from '../../http/validate.ts'
import { jobView } from '../../jobs/job-view.ts'
import { startJobAgain } from '../../jobs/jobs.ts'
import { getJob, listActiveJobs, listJobs } from '../../repos/jobs.repo.ts'

/**
 * Long AI work as jobs (bulk news, refresh all, scheduled runs): the panel's progress banner
 * polls these while any job is active.
 */
export const jobsRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => {
    const [active, recent] = await Promise.all([listActiveJobs(), listJobs()])
    return c.json({ active: active.map(jobView), recent: recent.map(jobView) })
  })
  .get('/:id', idParams(), async (c) => {
    const job = await getJob(c.req.valid('param').id)
    if (!job) throw notFound('Job not found')
    return c.json(jobView(job))
  })
  .post('/:id/resume', idParams(), async (c) => {
    const id = c.req.valid('param').id
    if (!(await getJob(id))) throw notFound('Job not found')
    const job = await startJobAgain(c.var.platform, id)
    if (!job)
      throw new ApiError(409, 'The job is still running or has finished; only a failed or stopped job can be resumed.')
    return c.json(jobView(job), 202)
  })
