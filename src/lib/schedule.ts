/** A scheduler job's timing (spec 001): weekly on dayOfWeek (Sunday 0) or daily, at hour:minute UTC. */
export interface Schedule {
  frequency: 'weekly' | 'daily'
  dayOfWeek: number
  hour: number
  minute: number
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** A tick that comes this late after a slot still runs it (scheduled functions can start late). */
export const CATCH_UP_MINUTES = 10

/** The latest time at or before `now` when the schedule fires. */
export function latestSlot(schedule: Schedule, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), schedule.hour, schedule.minute)
  let slot = today > now.getTime() ? today - DAY : today
  if (schedule.frequency === 'weekly') {
    while (new Date(slot).getUTCDay() !== schedule.dayOfWeek) slot -= DAY
  }
  return new Date(slot)
}

/** The first time strictly after `now` when the schedule fires. */
export function nextSlot(schedule: Schedule, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), schedule.hour, schedule.minute)
  let slot = today > now.getTime() ? today : today + DAY
  if (schedule.frequency === 'weekly') {
    while (new Date(slot).getUTCDay() !== schedule.dayOfWeek) slot += DAY
  }
  return new Date(slot)
}

/** The slot a tick at `now` should run, if one began within the catch-up window. */
export function dueSlot(schedule: Schedule, now: Date, catchUpMinutes = CATCH_UP_MINUTES): Date | undefined {
  const slot = latestSlot(schedule, now)
  return now.getTime() - slot.getTime() < catchUpMinutes * MINUTE ? slot : undefined
}

/** Test mode (spec 001: every 2 minutes): the interval's window that `now` falls in. */
export function testSlot(now: Date, intervalMinutes: number): Date {
  const size = intervalMinutes * MINUTE
  return new Date(Math.floor(now.getTime() / size) * size)
}

export const nextTestSlot = (now: Date, intervalMinutes: number): Date =>
  new Date(testSlot(now, intervalMinutes).getTime() + intervalMinutes * MINUTE)

/** The unique key a run claims for its slot: 'news:2026-11-23T06:00Z'. */
export const slotKey = (name: string, slot: Date): string => `${name}:${slot.toISOString().slice(0, 16)}Z`
