import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { schedulerJobs, schedulerRuns } from '../db/schema.ts'
import type { JobRow, JobResult } from './jobs.repo.ts'

export type SchedulerRun = typeof schedulerRuns.$inferSelect
export type ScheduleKind = SchedulerRun['kind']

export interface RunClaim {
  slotKey: string
  kind: ScheduleKind
  testMode: boolean
  startedAt: Date
  nextRunAt: Date | null
}

/**
 * Claims a slot for one run: the insert succeeds for exactly one of any number of overlapping
 * ticks (slot_key is unique). Answers the run, or undefined when the slot was already taken.
 */
export async function claimSchedulerRun(claim: RunClaim): Promise<SchedulerRun | undefined> {
  const [row] = await db()
    .insert(schedulerRuns)
    .values({ ...claim, status: 'running' })
    .onConflictDoNothing({ target: schedulerRuns.slotKey })
    .returning()
  return row
}

/** A test-mode run still running, or started less than `withinMs` ago: Run Test Now waits for it. */
export async function recentTestRun(now: Date, withinMs: number): Promise<SchedulerRun | undefined> {
  const [row] = await db()
    .select()
    .from(schedulerRuns)
    .where(
      and(
        eq(schedulerRuns.testMode, true),
        or(eq(schedulerRuns.status, 'running'), gt(schedulerRuns.startedAt, new Date(now.getTime() - withinMs))),
      ),
    )
    .orderBy(desc(schedulerRuns.startedAt))
    .limit(1)
  return row
}

export async function attachJobToRun(runId: number, jobId: number): Promise<void> {
  await db().update(schedulerRuns).set({ jobId }).where(eq(schedulerRuns.id, runId))
}

export async function failSchedulerRun(runId: number, message: string, now = new Date()): Promise<void> {
  await db()
    .update(schedulerRuns)
    .set({ status: 'failed', finishedAt: now, message: message.slice(0, 2000) })
    .where(eq(schedulerRuns.id, runId))
}

/** A run that ended without a job (the newsletter's digest with no new articles). */
export async function completeSchedulerRun(runId: number, message: string, now = new Date()): Promise<void> {
  await db()
    .update(schedulerRuns)
    .set({ status: 'completed', finishedAt: now, message: message.slice(0, 2000) })
    .where(eq(schedulerRuns.id, runId))
}

/**
 * Called when a job ends: the runs it served get their end, outcome and a one-line summary (a job
 * that keeps no task outcomes, such as the newsletter's digest, says its own).
 */
export async function finishSchedulerRunsOf(
  job: JobRow,
  summary?: { message: string; failed: boolean },
): Promise<void> {
  const outcomes = (job.result as JobResult | null)?.outcomes ?? []
  const ok = outcomes.filter((o) => o.ok).length
  const failed = outcomes.length - ok
  const message =
    summary?.message ??
    (job.status === 'failed'
      ? (job.errors.at(-1) ?? 'The job stopped.')
      : `${ok} done, ${failed} failed${failed ? `: ${job.errors.join('; ')}` : ''}`)
  await db()
    .update(schedulerRuns)
    .set({
      status:
        (summary?.failed ?? false) || job.status === 'failed' || (outcomes.length > 0 && ok === 0)
          ? 'failed'
          : 'completed',
      finishedAt: job.finishedAt ?? new Date(),
      message: message.slice(0, 2000),
    })
    .where(and(eq(schedulerRuns.jobId, job.id), isNull(schedulerRuns.finishedAt)))
}

export async function listSchedulerRuns(limit = 50): Promise<SchedulerRun[]> {
  return db().select().from(schedulerRuns).orderBy(desc(schedulerRuns.startedAt), desc(schedulerRuns.id)).limit(limit)
}

/** Last and next run of a scheduled job, shown by the scheduler tab. */
export async function setScheduleTimes(
  kind: ScheduleKind,
  times: { lastRunAt?: Date; nextRunAt: Date | null },
): Promise<void> {
  await db()
    .update(schedulerJobs)
    .set({ ...(times.lastRunAt ? { lastRunAt: times.lastRunAt } : {}), nextRunAt: times.nextRunAt })
    .where(eq(schedulerJobs.kind, kind))
}

export async function getScheduleTimes(): Promise<
  Record<'standings' | 'news' | 'streams' | 'games' | 'digest', { lastRunAt: Date | null; nextRunAt: Date | null }>
> {
  const rows = await db()
    .select({ kind: schedulerJobs.kind, lastRunAt: schedulerJobs.lastRunAt, nextRunAt: schedulerJobs.nextRunAt })
    .from(schedulerJobs)
  const of = (kind: ScheduleKind) => {
    const row = rows.find((r) => r.kind === kind)
    return { lastRunAt: row?.lastRunAt ?? null, nextRunAt: row?.nextRunAt ?? null }
  }
  return {
    standings: of('standings'),
    news: of('news'),
    streams: of('streams'),
    games: of('games'),
    digest: of('digest'),
  }
}

/**
 * A run of the site's own housekeeping (the audience fold), recorded once it is done so that the
 * Scheduler tab lists it; the slot key keeps a repeated tick from listing it twice.
 */
export async function recordFinishedRun(run: {
  kind: ScheduleKind
  slotKey: string
  startedAt: Date
  finishedAt: Date
  message: string
}): Promise<void> {
  await db()
    .insert(schedulerRuns)
    .values({ ...run, status: 'completed', testMode: false, message: run.message.slice(0, 2000) })
    .onConflictDoNothing({ target: schedulerRuns.slotKey })
}

/** The runs a job served end with the job's own outcome and summary (a link check's, which has no task outcomes). */
export async function finishSchedulerRunsWith(
  jobId: number,
  end: { status: 'completed' | 'failed'; message: string },
  finishedAt = new Date(),
): Promise<void> {
  await db()
    .update(schedulerRuns)
    .set({ status: end.status, finishedAt, message: end.message.slice(0, 2000) })
    .where(and(eq(schedulerRuns.jobId, jobId), isNull(schedulerRuns.finishedAt)))
}
