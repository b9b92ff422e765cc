import { slotKey } from '../../../lib/schedule.ts'
import { dueZonedSlot, nextZonedSlot } from '../../../lib/zoned-schedule.ts'
import type { Platform } from '../../platform.ts'
import type { JobSchedule } from '../../repos/scheduler.repo.ts'
import { setScheduleTimes, type SchedulerRun } from '../../repos/scheduler-runs.repo.ts'
import { runInSlot } from '../../scheduler/slot.ts'
import { siteTimeZone } from '../../repos/site-settings.repo.ts'
import { forgetStaleSignUps } from './newsletter.repo.ts'
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
  const claim = { slotKey: key, kind: 'digest' as const, testMode: false, startedAt: now, nextRunAt: next }
  return runInSlot(claim, async () => {
    if (!platform.mail) return { failed: 'Mail is not configured: set SMTP_URL and NEWSLETTER_FROM.' }
    const made = await makeDigest(platform, { slotKey: key, frequency: schedule.frequency, now })
    if (made.kind === 'started') return { jobId: made.jobId }
    if (made.kind === 'held') return { failed: made.message }
    return {
      completed:
        made.kind === 'empty' ? 'No new articles since the last digest: nothing sent.' : 'Made by another tick.',
    }
  })
}

/** Every tick: pending addresses a week old are forgotten, and the rate limit's old rows. Never throws. */
export async function newsletterHousekeeping(now: Date): Promise<void> {
  try {
    await forgetStaleSignUps(now)
  } catch (error) {
    console.warn('[scheduler] could not forget stale newsletter sign-ups:', error)
  }
}
