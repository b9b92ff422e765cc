import { slotKey } from '../../lib/schedule.ts'
import { dueZonedSlot, nextZonedSlot } from '../../lib/zoned-schedule.ts'
import type { Platform } from '../platform.ts'
import type { JobSchedule } from '../repos/scheduler.repo.ts'
import {
  attachJobToRun,
  claimSchedulerRun,
  completeSchedulerRun,
  failSchedulerRun,
  setScheduleTimes,
  type SchedulerRun,
} from '../repos/scheduler-runs.repo.ts'
import { siteTimeZone } from '../repos/site-settings.repo.ts'
import { forgetStaleSignUps } from '../repos/newsletter.repo.ts'
import { makeDigest } from './digest.ts'

/**
 * The scheduler's part of the newsletter (src/server/scheduler/tick.ts, every minute): the digest on
 * the owner's schedule, read on the site's time zone clock (docs/decisions/0802), each slot at most
 * once however many ticks overlap (the run's slot key, then the digest's, are unique).
 */
export async function digestTick(
  platform: Platform,
  schedule: JobSchedule,
  now: Date,
): Promise<{ run: SchedulerRun; jobId?: number } | undefined> {
  if (!schedule.enabled) {
    await setScheduleTimes('digest', { nextRunAt: null })
    return undefined
  }
  const zone = await siteTimeZone()
  const next = nextZonedSlot(schedule, now, zone)
  const slot = dueZonedSlot(schedule, now, zone)
  if (!slot) {
    await setScheduleTimes('digest', { nextRunAt: next })
    return undefined
  }
  await setScheduleTimes('digest', { lastRunAt: slot, nextRunAt: next })
  const key = slotKey('digest', slot)
  const run = await claimSchedulerRun({
    slotKey: key,
    kind: 'digest',
    testMode: false,
    startedAt: now,
    nextRunAt: next,
  })
  if (!run) return undefined
  if (!platform.mail) {
    await failSchedulerRun(run.id, 'Mail is not configured: set SMTP_URL and NEWSLETTER_FROM.', now)
    return { run }
  }
  try {
    const made = await makeDigest(platform, { slotKey: key, frequency: schedule.frequency, now })
    if (made.kind === 'started') {
      await attachJobToRun(run.id, made.jobId)
      return { run, jobId: made.jobId }
    }
    await completeSchedulerRun(
      run.id,
      made.kind === 'empty' ? 'No new articles since the last digest: nothing sent.' : 'Made by another tick.',
      now,
    )
    return { run }
  } catch (error) {
    await failSchedulerRun(run.id, error instanceof Error ? error.message : String(error), now)
    return { run }
  }
}

/** Every tick: pending addresses a week old are forgotten, and the rate limit's old rows. Never throws. */
export async function newsletterHousekeeping(now: Date): Promise<void> {
  try {
    await forgetStaleSignUps(now)
  } catch (error) {
    console.warn('[scheduler] could not forget stale newsletter sign-ups:', error)
  }
}
