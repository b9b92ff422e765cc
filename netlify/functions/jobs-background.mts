import type { Config } from '@netlify/functions'
import { z } from 'zod'
import { verifyJobCall } from '../../src/server/jobs/job-signature.ts'
import { runJob } from '../../src/server/jobs/jobs.ts'
import { platformFromEnv } from '../../src/server/platform-from-env.ts'
import type { Platform } from '../../src/server/platform.ts'

const body = z.object({ jobId: z.number().int().min(1).max(2_147_483_647) })

/**
 * Runs one AI job (bulk news, refresh all, a scheduled run) for up to 15 minutes: Netlify answers
 * the caller 202 at once. `npm start` serves this same handler, with its local platform, in-process.
 * Only a call signed by the site (src/server/jobs/job-signature.ts) runs anything; and only a queued
 * job, or a running one whose runner died, is ever claimed (one conditional UPDATE), so a repeated
 * call starts nothing twice.
 */
export function handlerFor(platform: Platform) {
  return async (request: Request): Promise<Response> => {
    let jobId: number
    try {
      jobId = body.parse(await request.json()).jobId
    } catch {
      return new Response(JSON.stringify({ message: 'Send { "jobId": <number> }.' }), { status: 400 })
    }
    if (!(await verifyJobCall(request.headers, jobId))) {
      return new Response(JSON.stringify({ message: 'This call is not signed by the site.' }), { status: 401 })
    }
    await runJob(platform, jobId)
    return new Response(null, { status: 202 })
  }
}

export default handlerFor(platformFromEnv())

export const config: Config = { background: true }
