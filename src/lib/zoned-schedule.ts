import { Temporal } from 'temporal-polyfill'
import { CATCH_UP_MINUTES, type Schedule } from './schedule.ts'
import { zonedDay, zonedInstant } from './time-zone.ts'

/**
 * A schedule read on the clock of a time zone (the site's, decision 0512): weekly on dayOfWeek
 * (Sunday 0) or daily, at hour:minute as the zone's clocks show it, whatever daylight saving does
 * to its offset. Every scheduler job runs on it: the newsletter's digest (docs/decisions/0802) and,
 * since issue 36, the AI and refresh jobs too (with the zone 'UTC' it is src/lib/schedule.ts's
 * rule, which the tests prove).
 * On the day clocks go forward, a time they skip fires when they land after it (02:30 → 03:30 in
 * Paris); on the day they go back, a time they show twice fires the first time (Temporal's
 * 'compatible' rule, zonedInstant). The calendar arithmetic is Temporal's.
 */
const MINUTE = 60_000

/** When the schedule fires on the zone's day `offset` days from today's, or undefined on a day it does not. */
function slotOnDay(schedule: Schedule, now: Date, zone: string, offset: number): Date | undefined {
  const day = zonedDay(now, zone).add({ days: offset })
  // Temporal counts Monday 1 to Sunday 7; the schedule, as spec 001, Sunday 0 to Saturday 6.
  if (schedule.frequency === 'weekly' && day.dayOfWeek % 7 !== schedule.dayOfWeek) return undefined
  return zonedInstant(day.toPlainDateTime(new Temporal.PlainTime(schedule.hour, schedule.minute)), zone)
}

/** The latest time at or before `now` when the schedule fires on the zone's clock. */
export function latestZonedSlot(schedule: Schedule, now: Date, zone: string): Date {
  for (let offset = 1; offset >= -8; offset--) {
    const slot = slotOnDay(schedule, now, zone, offset)
    if (slot && slot.getTime() <= now.getTime()) return slot
  }
  throw new Error('No slot within a week: the schedule is not valid.')
}

/** The first time strictly after `now` when the schedule fires on the zone's clock. */
export function nextZonedSlot(schedule: Schedule, now: Date, zone: string): Date {
  for (let offset = -1; offset <= 8; offset++) {
    const slot = slotOnDay(schedule, now, zone, offset)
    if (slot && slot.getTime() > now.getTime()) return slot
  }
  throw new Error('No slot within a week: the schedule is not valid.')
}

/** The slot a tick at `now` should run, if one began within the catch-up window (as dueSlot). */
export function dueZonedSlot(
  schedule: Schedule,
  now: Date,
  zone: string,
  catchUpMinutes = CATCH_UP_MINUTES,
): Date | undefined {
  const slot = latestZonedSlot(schedule, now, zone)
  return now.getTime() - slot.getTime() < catchUpMinutes * MINUTE ? slot : undefined
}
