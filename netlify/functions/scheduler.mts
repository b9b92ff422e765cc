import type { Config } from '@netlify/functions'
import { runSchedulerTick } from '../../src/server/scheduler/tick.ts'

/**
 * Every minute (UTC): starts the scheduler's due work and flushes a rebuild whose debounce window
 * has passed (src/server/scheduler/tick.ts). Locally, `npm start` calls runSchedulerTick on the
 * same cadence, since scheduled functions only fire on published production deploys.
 */
export default async (): Promise<Response> => {
  const report = await runSchedulerTick(new Date())
  return Response.json({
    started: report.started.map((s) => ({ slot: s.run.slotKey, jobId: s.jobId ?? null, status: s.run.status })),
    flushedBuild: report.flushedBuild,
    publishedNews: report.publishedNews,
  })
}

export const config: Config = { schedule: '* * * * *' }
