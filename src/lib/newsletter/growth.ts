/**
 * The Newsletter tab's growth chart: confirmations and losses (unsubscribed, bounced) per week,
 * the weeks starting on Monday (UTC), the last `weeks` of them up to the week of `now`, with the
 * weeks nothing happened in as zeros.
 */
export interface WeekCount {
  /** Monday 00:00 UTC of the week, as an ISO date ('2026-11-23'). */
  week: string
  confirmed: number
  left: number
}

const DAY_MS = 86_400_000

/** Monday 00:00 UTC of the week `date` falls in, as an ISO date. */
export function weekOf(date: Date): string {
  const day = Math.floor(date.getTime() / DAY_MS) * DAY_MS
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS
  return new Date(monday).toISOString().slice(0, 10)
}

export function weeklyGrowth(
  events: readonly { week: string; confirmed: number; left: number }[],
  now: Date,
  weeks = 12,
): WeekCount[] {
  const last = new Date(`${weekOf(now)}T00:00:00Z`).getTime()
  const byWeek = new Map(events.map((e) => [e.week, e]))
  return Array.from({ length: weeks }, (_, i) => {
    const week = new Date(last - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10)
    const found = byWeek.get(week)
    return { week, confirmed: found?.confirmed ?? 0, left: found?.left ?? 0 }
  })
}
