import { siteUrl } from '../../env.server.ts'
import { actorOfFeature } from '../../lib/revisions.ts'
import { generateChampionshipNews } from '../ai/news.ts'
import { featureList } from '../features/index.ts'
import { ApiError } from '../http/errors.ts'
import type { JobLauncher, Platform } from '../platform.ts'
import { refreshGame } from '../refresh/games.ts'
import { refreshStandingsByName } from '../results/refresh-standings.ts'
import { findStandingsSetByName } from '../repos/standings.repo.ts'
import { tableChange } from '../../lib/standings-change.ts'
import { refreshStream } from '../refresh/streams.ts'
import {
  claimJob,
  createJob,
  finishJob,
  listStalledJobs,
  recordTaskOutcome,
  requeueJob,
  setCurrentTask,
  type JobInput,
  type JobResult,
  type JobRow,
  isRefreshTask,
  type JobTask,
  type TaskOutcome,
} from '../repos/jobs.repo.ts'
import { finishSchedulerRunsOf } from '../repos/scheduler-runs.repo.ts'

import { signJobCall } from './job-signature.ts'

/** The background function that runs jobs (netlify/functions/jobs-background.mts). */
export const JOBS_FUNCTION_PATH = '/.netlify/functions/jobs-background'

/**
 * Production and `npm start`: POST the job id to the background function, which answers 202 at
 * once and runs the job for up to 15 minutes. When the function cannot be reached, the job runs
 * here instead (it stays resumable if this instance is stopped).
 */
export const launchThroughFunction: JobLauncher = async (platform, jobId) => {
  try {
    const res = await fetch(`${siteUrl}${JOBS_FUNCTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await signJobCall(jobId)) },
      body: JSON.stringify({ jobId }),
      signal: AbortSignal.timeout(10_000),
    })
    if (res.status !== 202 && !res.ok) throw new Error(`the jobs function answered ${res.status}`)
  } catch (error) {
    console.warn(`[jobs] could not reach the jobs function (${String(error)}); running job ${jobId} here`)
    void runJob(platform, jobId)
  }
}

/** Creates the job's row and hands it to the runner; the panel polls GET /api/admin/jobs/:id. */
export async function startJob(platform: Platform, kind: string, input: JobInput): Promise<JobRow> {
  if (input.tasks.length === 0)
    throw new ApiError(400, 'There is nothing to generate: the list of championships is empty.')
  const job = await createJob(kind, input)
  await platform.launchJob(platform, job.id)
  return job
}

export function taskLabel(task: JobTask): string {
  if (isRefreshTask(task)) return `Refreshing ${task.kind} "${task.name}"`
  return task.kind === 'news' ? `Generating news for ${task.championship}` : `Refreshing ${task.championship} standings`
}

const subjectOf = (task: JobTask) => (isRefreshTask(task) ? { name: task.name } : { championship: task.championship })

type TaskResult = Pick<TaskOutcome, 'id' | 'title' | 'skipped' | 'changed' | 'source' | 'table'>

async function runTask(platform: Platform, task: JobTask, input: JobInput): Promise<TaskResult> {
  if (isRefreshTask(task)) {
    // A refresh reads a platform, no AI: the owner's button is the owner's change.
    const actor = actorOfFeature(input.feature ?? '') === 'scheduler' ? 'scheduler' : 'admin'
    return task.kind === 'stream'
      ? refreshStream(platform.external, task.itemId, new Date(), actor)
      : refreshGame(platform.external, task.itemId, new Date(), actor)
  }
  if (task.kind === 'standings') {
    // Each championship from its own source: official results, race results, or the AI. What it
    // changed is kept with the outcome: the tab says it after the run, beside each table's History.
    const before = await findStandingsSetByName(task.championship)
    const set = await refreshStandingsByName(platform, task.championship, input.feature ?? 'standings')
    return {
      id: set.id,
      title: set.championshipName,
      source: set.source,
      table: tableChange(before?.id === set.id ? before : undefined, set),
    }
  }
  const { article } = await generateChampionshipNews(platform, {
    championshipName: task.championship,
    contentType: input.news?.contentType ?? 'motorsport',
    wordCount: input.news?.wordCount,
    contentPrompt: input.news?.contentPrompt,
    focusPrompt: input.news?.focusPrompt,
    feature: input.feature,
  })
  return { id: article.id, title: article.title }
}

type JobRunner = (platform: Platform, job: JobRow) => Promise<JobRow | undefined>
let runners: ReadonlyMap<string, JobRunner> | undefined

/** The features' job runners by kind, read on first use (the features' modules import this one). */
function featureJobs(): ReadonlyMap<string, JobRunner> {
  runners ??= new Map(featureList.flatMap((f) => Object.entries(f.jobs ?? {})))
  return runners
}

/**
 * Runs a job to its end: every task in turn, each writing its article or table in one
 * transaction; a failed task is recorded with its message and the rest continue. A job whose
 * runner was killed is resumed by running it again: tasks already recorded are skipped.
 * Answers the finished row, or undefined when another runner has the job.
 */
export async function runJob(platform: Platform, jobId: number): Promise<JobRow | undefined> {
  const job = await claimJob(jobId)
  if (!job) return undefined
  // A feature's own kind of job runs its own way (the newsletter's digest counts messages, not
  // tasks; a link check checks four links at a time): src/server/features.
  const featureRunner = featureJobs().get(job.kind)
  if (featureRunner) return featureRunner(platform, job)
  const input = job.input as JobInput
  const done = new Set(((job.result as JobResult | null)?.outcomes ?? []).map((o) => o.index))
  try {
    for (const [index, task] of input.tasks.entries()) {
      if (done.has(index)) continue
      await setCurrentTask(jobId, taskLabel(task))
      let outcome: TaskOutcome
      try {
        outcome = { index, kind: task.kind, ...subjectOf(task), ok: true, ...(await runTask(platform, task, input)) }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        if (!(error instanceof ApiError)) console.warn(`[jobs] job ${jobId}, ${taskLabel(task)}:`, error)
        outcome = { index, kind: task.kind, ...subjectOf(task), ok: false, error: message }
      }
      await recordTaskOutcome(jobId, outcome)
    }
    // Each task's writes owed their purges in their own transactions (src/server/cdn/outbox.ts):
    // sent now, once for the whole job.
    await platform.purger.flush()
    const finished = await finishJob(jobId, 'completed')
    await finishSchedulerRunsOf(finished!)
    return finished
  } catch (error) {
    console.error(`[jobs] job ${jobId} stopped:`, error)
    const failed = await finishJob(
      jobId,
      'failed',
      `The job stopped: ${error instanceof Error ? error.message : String(error)}`,
    )
    if (failed) await finishSchedulerRunsOf(failed)
    return failed
  }
}

/** Resumes a failed or killed job: queued again and launched; tasks already done are skipped. */
export async function startJobAgain(platform: Platform, jobId: number): Promise<JobRow | undefined> {
  const job = await requeueJob(jobId)
  if (job) await platform.launchJob(platform, job.id)
  return job
}

/**
 * Called by every scheduler tick: launches again the jobs whose launch was lost (still queued
 * after 2 minutes) or whose runner died (no progress for 5 minutes). Answers their ids.
 */
export async function relaunchStalledJobs(platform: Platform, now = new Date()): Promise<number[]> {
  const stalled = await listStalledJobs(now)
  for (const job of stalled) {
    // The runner claims it again (queued, or running and stale): no second runner can.
    await platform.launchJob(platform, job.id)
  }
  return stalled.map((j) => j.id)
}
