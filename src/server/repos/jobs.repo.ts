import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { jobs } from '../db/schema.ts'
import type { TableChange } from '../../lib/standings-change.ts'

/** One unit of a job: a news article or a standings table for one championship. */
export interface AiTask {
  kind: 'news' | 'standings'
  championship: string
}

/** One unit of a stream or game refresh: one item, read again from Twitch, YouTube or Steam. */
export interface RefreshTask {
  kind: 'stream' | 'game'
  itemId: number
  /** The item's title when the job started, for the banner and the errors. */
  name: string
}

export type JobTask = AiTask | RefreshTask

export const isRefreshTask = (task: JobTask): task is RefreshTask => task.kind === 'stream' || task.kind === 'game'

export interface JobInput {
  tasks: JobTask[]
  news?: { contentType: 'motorsport' | 'e-sports'; wordCount?: number; contentPrompt?: string; focusPrompt?: string }
  /** Ledger feature of the AI calls: 'bulk-news', 'refresh-news', 'refresh-standings', 'scheduled'. */
  feature: string
}

export interface TaskOutcome {
  index: number
  kind: JobTask['kind']
  /** AI tasks: the championship. */
  championship?: string
  /** Refresh tasks: the stream's or game's title. */
  name?: string
  ok: boolean
  /** Refresh tasks: a link on no supported platform; counted, not an error. */
  skipped?: boolean
  /** Refresh tasks: something the public site shows changed (it is rebuilt). */
  changed?: boolean
  /** The article or standings set written. */
  id?: number
  title?: string
  error?: string
  /** Standings tasks: where the table comes from, and what the run changed in it (issue 36). */
  source?: string
  table?: TableChange
}

export interface JobResult {
  outcomes: TaskOutcome[]
}

export type JobRow = typeof jobs.$inferSelect

/** A running job whose row has not moved for this long was killed (function timeout, crash): it may be resumed. */
export const STALE_AFTER_MS = 5 * 60_000

export async function createJob(kind: string, input: JobInput): Promise<JobRow> {
  const [row] = await db()
    .insert(jobs)
    .values({ kind, input, total: input.tasks.length, result: { outcomes: [] } satisfies JobResult })
    .returning()
  return row!
}

export async function getJob(id: number): Promise<JobRow | undefined> {
  const [row] = await db().select().from(jobs).where(eq(jobs.id, id))
  return row
}

export async function listJobs(limit = 20): Promise<JobRow[]> {
  return db().select().from(jobs).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(limit)
}

export async function listActiveJobs(): Promise<JobRow[]> {
  return db()
    .select()
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']))
    .orderBy(desc(jobs.createdAt))
}

/**
 * Takes the job for one runner: a queued job, or a running one whose runner died (no progress for
 * STALE_AFTER_MS). One conditional UPDATE, so two runners never both get it.
 */
export async function claimJob(id: number, now = new Date()): Promise<JobRow | undefined> {
  const [row] = await db()
    .update(jobs)
    .set({ status: 'running', updatedAt: now })
    .where(
      and(
        eq(jobs.id, id),
        or(
          eq(jobs.status, 'queued'),
          and(eq(jobs.status, 'running'), lt(jobs.updatedAt, new Date(now.getTime() - STALE_AFTER_MS))),
        ),
      ),
    )
    .returning()
  return row
}

export async function setCurrentTask(id: number, currentTask: string): Promise<void> {
  await db().update(jobs).set({ currentTask, updatedAt: new Date() }).where(eq(jobs.id, id))
}

/** Records one finished task: progress, its outcome and (when it failed) its error, in one statement. */
export async function recordTaskOutcome(id: number, outcome: TaskOutcome): Promise<void> {
  const errors = outcome.ok ? [] : [`${outcome.championship ?? outcome.name}: ${outcome.error ?? 'failed'}`]
  await db()
    .update(jobs)
    .set({
      completed: sql`least(${jobs.completed} + 1, ${jobs.total})`,
      errors: sql`${jobs.errors} || ${JSON.stringify(errors)}::jsonb`,
      result: sql`jsonb_set(coalesce(${jobs.result}, '{"outcomes":[]}'::jsonb), '{outcomes}', coalesce(${jobs.result}->'outcomes', '[]'::jsonb) || ${JSON.stringify([outcome])}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(jobs.id, id))
}

export async function finishJob(
  id: number,
  status: 'completed' | 'failed',
  error?: string,
): Promise<JobRow | undefined> {
  const [row] = await db()
    .update(jobs)
    .set({
      status,
      currentTask: '',
      finishedAt: new Date(),
      updatedAt: new Date(),
      ...(error ? { errors: sql`${jobs.errors} || ${JSON.stringify([error])}::jsonb` } : {}),
    })
    .where(eq(jobs.id, id))
    .returning()
  return row
}

/** A queued job nobody has claimed after this long was never launched (the launch call was lost). */
export const UNCLAIMED_AFTER_MS = 2 * 60_000

/** Jobs that need a runner: queued but never claimed, or running with a dead runner. */
export async function listStalledJobs(now = new Date()): Promise<JobRow[]> {
  return db()
    .select()
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'queued'), lt(jobs.updatedAt, new Date(now.getTime() - UNCLAIMED_AFTER_MS))),
        and(eq(jobs.status, 'running'), lt(jobs.updatedAt, new Date(now.getTime() - STALE_AFTER_MS))),
      ),
    )
    .orderBy(jobs.id)
    .limit(10)
}

/** A failed or killed job goes back to the queue; tasks already done are skipped when it runs again. */
export async function requeueJob(id: number, now = new Date()): Promise<JobRow | undefined> {
  const [row] = await db()
    .update(jobs)
    .set({ status: 'queued', finishedAt: null, updatedAt: now })
    .where(
      and(
        eq(jobs.id, id),
        or(
          eq(jobs.status, 'failed'),
          and(eq(jobs.status, 'running'), lt(jobs.updatedAt, new Date(now.getTime() - STALE_AFTER_MS))),
        ),
      ),
    )
    .returning()
  return row
}

/**
 * Progress of a job that counts its own units (the newsletter's digest counts messages, not
 * tasks): done so far, what it is doing, errors to add (kept to the first 50), and a summary for
 * the finished job's answer.
 */
export async function setJobProgress(
  id: number,
  progress: { completed?: number; currentTask?: string; addErrors?: readonly string[]; summary?: string },
): Promise<void> {
  const add = progress.addErrors?.length ? progress.addErrors : undefined
  await db()
    .update(jobs)
    .set({
      ...(progress.completed !== undefined ? { completed: sql`least(${progress.completed}, ${jobs.total})` } : {}),
      ...(progress.currentTask !== undefined ? { currentTask: progress.currentTask } : {}),
      ...(add
        ? {
            errors: sql`case when jsonb_array_length(${jobs.errors}) >= 50 then ${jobs.errors} else ${jobs.errors} || ${JSON.stringify(add)}::jsonb end`,
          }
        : {}),
      ...(progress.summary !== undefined
        ? {
            result: sql`coalesce(${jobs.result}, '{}'::jsonb) || ${JSON.stringify({ summary: progress.summary })}::jsonb`,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(jobs.id, id))
}

/**
 * A running job hands itself on to a new run (a background function nearing its 15 minutes): it
 * goes back to the queue for the launcher to start again.
 */
export async function handOnJob(id: number): Promise<JobRow | undefined> {
  const [row] = await db()
    .update(jobs)
    .set({ status: 'queued', currentTask: '', updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning()
  return row
}
