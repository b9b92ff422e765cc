import { CATCH_UP_MINUTES, type Schedule } from './schedule.ts'
import { fromZonedInput, toZonedInput } from './time-zone.ts'

/**
 * A schedule read on the clock of a time zone (the site's, decision 0512): weekly on dayOfWeek
 * (Sunday 0) or daily, at hour:minute as the zone's clocks show it, whatever daylight saving does
 * to its offset. Every scheduler job runs on it: the newsletter's digest (docs/decisions/0802) and,
 * since issue 36, the AI and refresh jobs too (with the zone 'UTC' it is src/lib/schedule.ts's
 * rule, which the tests prove).
 * On the day clocks go forward, a time they skip fires when they land after it (02:30 → 03:30 in
 * Paris); on the day they go back, a time they show twice fires the first time (fromZonedInput).
 */
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const pad = (n: number) => String(n).padStart(2, '0')

/** The calendar day `offset` days from the zone's date of `now`: [year, month (1-12), day, weekday]. */
function zonedDay(now: Date, zone: string, offset: number): [number, number, number, number] {
  const [y, m, d] = toZonedInput(now, zone).slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d) + offset * DAY)
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCDay()]
}

/** When the schedule fires on the zone's day `offset` days from today's, or undefined on a day it does not. */
function slotOnDay(schedule: Schedule, now: Date, zone: string, offset: number): Date | undefined {
  const [year, month, day, weekday] = zonedDay(now, zone, offset)
  if (schedule.frequency === 'weekly' && weekday !== schedule.dayOfWeek) return undefined
  const iso = fromZonedInput(`${year}-${pad(month)}-${pad(day)}T${pad(schedule.hour)}:${pad(schedule.minute)}`, zone)
  return iso ? new Date(iso) : undefined
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
