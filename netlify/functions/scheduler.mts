import type { Config } from '@netlify/functions'
import { platformFromEnv } from '../../src/server/platform-from-env.ts'
import type { Platform } from '../../src/server/platform.ts'
import { runSchedulerTick } from '../../src/server/scheduler/tick.ts'

/**
 * Every minute (UTC): starts the scheduler's due work, publishes scheduled articles and sends again
 * the CDN purges that waited (src/server/scheduler/tick.ts). Locally, `npm start` calls it on the
 * same cadence, since scheduled functions only fire on published production deploys.
 */
export function handlerFor(platform: Platform) {
  return async (): Promise<Response> => {
    const report = await runSchedulerTick(platform, new Date())
    return Response.json({
      started: report.started.map((s) => ({ slot: s.run.slotKey, jobId: s.jobId ?? null, status: s.run.status })),
      purged: report.purged,
      publishedNews: report.publishedNews,
    })
  }
}

export default handlerFor(platformFromEnv())

export const config: Config = { schedule: '* * * * *' }
