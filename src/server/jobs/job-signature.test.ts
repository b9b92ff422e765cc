import { beforeEach, describe, expect, it } from 'vitest'
import { handlerFor } from '../../../netlify/functions/jobs-background.mts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { testPlatform } from '../../../tests/helpers/platform.ts'
import { getJob } from '../repos/jobs.repo.ts'
import { signJobCall } from './job-signature.ts'
import { startJob } from './jobs.ts'

/**
 * The jobs function runs AI work that costs money: anyone who knows its path could call it. Only a
 * call the site signed runs a job.
 */
// Jobs stay queued when started, so the test sees what the function call does.
const platform = testPlatform({ launchJob: async () => {} })
beforeEach(resetDatabase)

const runJobsFunction = handlerFor(platform)
const call = (jobId: number, headers: Record<string, string> = {}) =>
  runJobsFunction(
    new Request('http://localhost/.netlify/functions/jobs-background', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ jobId }),
    }),
  )

describe('jobs-background', () => {
  it('refuses an unsigned call, one signed for another job, and an old signature, and runs nothing', async () => {
    const job = await startJob(platform, 'refresh-all-standings', {
      tasks: [{ kind: 'standings', championship: 'Formula 1' }],
      feature: 'refresh-standings',
    })
    expect((await call(job.id)).status).toBe(401)
    expect((await call(job.id, await signJobCall(job.id + 1))).status).toBe(401)
    expect((await call(job.id, await signJobCall(job.id, Date.now() - 10 * 60 * 1000))).status).toBe(401)
    expect((await getJob(job.id))?.status).toBe('queued')
  })

  it('runs the job for a call the site signed', async () => {
    const job = await startJob(platform, 'refresh-all-standings', {
      tasks: [{ kind: 'standings', championship: 'Formula 1' }],
      feature: 'refresh-standings',
    })
    expect((await call(job.id, await signJobCall(job.id))).status).toBe(202)
    // It ran: without an AI key its one task fails, and the job ends.
    expect((await getJob(job.id))?.status).not.toBe('queued')
  })
})
