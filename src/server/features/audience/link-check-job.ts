import { sql } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { jobs } from '../../db/schema.ts'
import type { Platform } from '../../platform.ts'
import { finishJob, getJob, type JobRow } from '../../repos/jobs.repo.ts'
import {
  activeLinkCheck,
  forgetRemovedLinks,
  LINK_CHECK_JOB,
  linkCheckProgress,
  linksToCheck,
  listLinkHealth,
  saveLinkResult,
} from './link-checks.repo.ts'
import { LINK_CHECK_SCHEDULE, LINK_CHECK_UNREACHED } from '../../../lib/audience/link-check.ts'
import { dueSlot, nextSlot, slotKey } from '../../../lib/schedule.ts'
import { attachJobToRun, finishSchedulerRunsWith, type SchedulerRun } from '../../repos/scheduler-runs.repo.ts'
import { runInSlot } from '../../scheduler/slot.ts'
import { checkLinks, isLoopbackLink, type LinkResult, type LinkToCheck } from './link-check.ts'

interface LinkCheckInput {
  /** The JobInput shape the jobs share; a link check has no tasks of that kind. */
  tasks: []
  feature: 'link-check'
  links: LinkToCheck[]
}

/**
 * Starts a check of every stored link as a job (the background function: up to 15 minutes, where a
 * scheduled function has 30 s), or answers the one already running: two checks at once would only
 * ask every shop twice. `started` says which.
 */
export async function startLinkCheck(
  platform: Platform,
  /** Called with the job before it runs (a scheduled run attaches itself, so that the job's end finishes it). */
  beforeLaunch?: (job: JobRow) => Promise<void>,
): Promise<{ job: JobRow; started: boolean }> {
  const running = await activeLinkCheck()
  if (running) return { job: running, started: false }
  const links = (await linksToCheck()).filter(
    (link) => !platform.external.linkCheck.loopbackOnly || isLoopbackLink(link.url),
  )
  const input: LinkCheckInput = { tasks: [], feature: 'link-check', links }
  const [job] = await db()
    .insert(jobs)
    .values({ kind: LINK_CHECK_JOB, input, total: links.length, result: { outcomes: [] } })
    .returning()
  await beforeLaunch?.(job!)
  await platform.launchJob(platform, job!.id)
  return { job: job!, started: true }
}

/**
 * Runs a claimed link-check job to its end (src/server/jobs/jobs.ts hands it here): every link
 * checked with the platform's options, each result stored as it comes. A job resumed after its
 * runner died checks again only the links without a result since the job began.
 *
 * A link whose host was not reached (its name did not resolve, no connection) is stored only once
 * some host of the run answered: when none did, the machine has no network (issue 45: offline,
 * every shop came out 'Broken (DNS)'), so the run fails with LINK_CHECK_UNREACHED and the links
 * keep their last status. Links refused by the address rules need no network and are stored.
 */
export async function runLinkCheckJob(platform: Platform, job: JobRow): Promise<JobRow | undefined> {
  const input = job.input as LinkCheckInput
  try {
    const earlier = await db().execute<{ kind: string; id: number; answered: boolean }>(
      sql`select item_kind as kind, item_id as id, http_status is not null as answered from link_checks
        where checked_at >= ${job.createdAt.toISOString()}::timestamptz`,
    )
    const done = new Set(earlier.map((r) => `${r.kind}:${r.id}`))
    // A resumed job: a host that answered before its runner died counts.
    let answered = earlier.some((r) => r.answered)
    const notReached: { link: LinkToCheck; result: LinkResult }[] = []
    const links = input.links.filter((l) => !done.has(`${l.kind}:${l.id}`))
    await checkLinks(links, platform.external.linkCheck, async (link, result) => {
      if (result.unreached) notReached.push({ link, result })
      else {
        await saveLinkResult(link, result)
        if (result.httpStatus !== undefined) answered = true
      }
      await linkCheckProgress(job.id, 'Checking purchase links and game websites')
    })
    await forgetRemovedLinks()
    if (notReached.length > 0 && !answered) {
      const failed = await finishJob(job.id, 'failed', LINK_CHECK_UNREACHED)
      await finishSchedulerRunsWith(job.id, { status: 'failed', message: LINK_CHECK_UNREACHED })
      return failed
    }
    for (const { link, result } of notReached) await saveLinkResult(link, result)
    const finished = await finishJob(job.id, 'completed')
    const broken = (await listLinkHealth()).filter((l) => l.status === 'broken').length
    await finishSchedulerRunsWith(job.id, {
      status: 'completed',
      message: `Checked ${input.links.length} links: ${broken} broken`,
    })
    return finished
  } catch (error) {
    console.error(`[links] link check ${job.id} stopped:`, error)
    const failed = await finishJob(
      job.id,
      'failed',
      `The link check stopped: ${error instanceof Error ? error.message : String(error)}`,
    )
    await finishSchedulerRunsWith(job.id, {
      status: 'failed',
      message: failed?.errors.at(-1) ?? 'The link check stopped.',
    })
    return failed
  }
}

/**
 * The scheduler tick's share (whatever the owner's schedule switches say: it reads, and changes
 * nothing of theirs): once the week's slot has come, one run claims it and starts the check (or
 * joins the check already running), listed in the Scheduler tab.
 */
export async function startScheduledLinkCheck(platform: Platform, now: Date): Promise<SchedulerRun | undefined> {
  const slot = dueSlot(LINK_CHECK_SCHEDULE, now)
  if (!slot) return undefined
  const claim = {
    slotKey: slotKey('links', slot),
    kind: 'links' as const,
    testMode: false,
    startedAt: now,
    nextRunAt: nextSlot(LINK_CHECK_SCHEDULE, now),
  }
  const started = await runInSlot(claim, async (run) => {
    const { job, started } = await startLinkCheck(platform, (created) => attachJobToRun(run.id, created.id))
    if (started) return { jobId: job.id }
    // The owner's 'Check links now' is running: this run is that check, and ends with it.
    await attachJobToRun(run.id, job.id)
    const current = await getJob(job.id)
    if (current && current.status !== 'queued' && current.status !== 'running')
      await finishSchedulerRunsWith(job.id, {
        status: current.status === 'failed' ? 'failed' : 'completed',
        message: 'Joined the check that was running.',
      })
    return { jobId: job.id }
  })
  return started?.run
}
