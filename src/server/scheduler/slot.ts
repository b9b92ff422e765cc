import {
  attachJobToRun,
  claimSchedulerRun,
  completeSchedulerRun,
  failSchedulerRun,
  type RunClaim,
  type SchedulerRun,
} from '../repos/scheduler-runs.repo.ts'

/** What a slot's work came to: a job whose end finishes the run, or a run already over. */
export type SlotOutcome = { jobId: number } | { completed: string } | { failed: string }

export interface SlotRun {
  run: SchedulerRun
  /** The job the run started, when it started one. */
  jobId?: number
}

/**
 * The scheduler's one way to start timed work (docs/decisions/0404): claim the slot's run (the
 * insert succeeds for exactly one of any number of overlapping ticks), and only then start the work.
 * A job is attached to the run, whose end finishes it; work that ends at once completes the run with
 * its message; work that cannot start, or throws, fails the run with the reason, listed in the
 * Scheduler tab. Answers undefined when another tick had the slot.
 */
export async function runInSlot(
  claim: RunClaim,
  start: (run: SchedulerRun) => Promise<SlotOutcome>,
): Promise<SlotRun | undefined> {
  const run = await claimSchedulerRun(claim)
  if (!run) return undefined
  try {
    const outcome = await start(run)
    if ('jobId' in outcome) {
      await attachJobToRun(run.id, outcome.jobId)
      return { run, jobId: outcome.jobId }
    }
    if ('completed' in outcome) await completeSchedulerRun(run.id, outcome.completed, claim.startedAt)
    else await failSchedulerRun(run.id, outcome.failed, claim.startedAt)
  } catch (error) {
    await failSchedulerRun(run.id, error instanceof Error ? error.message : String(error), claim.startedAt)
  }
  return { run }
}
