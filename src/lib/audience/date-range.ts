/**
 * The Audience tab's date range (UTC days, both ends included), shared by the tab and the route:
 * a range is at most a year, and ends no later than today. Days are ISO texts ('2026-11-24'); the
 * calendar arithmetic is Temporal's (PlainDate: no time, no zone).
 */
import { Temporal } from 'temporal-polyfill'

export const MAX_RANGE_DAYS = 366
export const DEFAULT_RANGE_DAYS = 30
/** The presets the tab offers beside a range of the owner's own. */
export const RANGE_PRESETS = [7, 30, 90] as const

const DAY = /^\d{4}-\d{2}-\d{2}$/
const plain = (day: string) => Temporal.PlainDate.from(day)

export interface DayRange {
  from: string
  to: string
}

/** The day `days` after (or before, when negative) `day`. */
export const addDays = (day: string, days: number): string => plain(day).add({ days }).toString()

/** How many days a range holds, both ends included. */
export const daysIn = (range: DayRange): number => plain(range.from).until(plain(range.to)).days + 1

/** The last `days` days, today included. */
export const lastDays = (today: string, days: number = DEFAULT_RANGE_DAYS): DayRange => ({
  from: addDays(today, 1 - days),
  to: today,
})

/** Every day of a range, in order. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day)
  return days
}

function isDay(text: string): boolean {
  if (!DAY.test(text)) return false
  try {
    // 'reject': '2026-02-30' is no day (never rolled over to March).
    Temporal.PlainDate.from(text, { overflow: 'reject' })
    return true
  } catch {
    return false
  }
}

/** What is wrong with a range the owner asked for, in the owner's words; undefined when it is fine. */
export function rangeProblem(range: DayRange, today: string): string | undefined {
  if (!isDay(range.from)) return 'The start of the range must be a day that exists, such as 2026-11-01.'
  if (!isDay(range.to)) return 'The end of the range must be a day that exists, such as 2026-11-30.'
  if (range.from > range.to) return 'The range must start before it ends.'
  if (range.to > today) return 'The range cannot end after today.'
  if (daysIn(range) > MAX_RANGE_DAYS) return `The range can cover at most ${MAX_RANGE_DAYS} days.`
  return undefined
}

/** The first day of the month a day is in. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`

/** The last day of the month a day is in. */
export const monthEnd = (day: string): string => {
  const date = plain(day)
  return date.with({ day: date.daysInMonth }).toString()
}

const addMonths = (month: string, months: number): string => plain(month).add({ months }).toString()

/**
 * A range as the whole months inside it (their first days) and the days left over at either end,
 * in order: a long range is read from the monthly totals where it can be.
 */
export function splitByMonths(range: DayRange): { months: string[]; spans: DayRange[] } {
  const months: string[] = []
  let first = range.from === monthOf(range.from) ? range.from : addMonths(monthOf(range.from), 1)
  while (monthEnd(first) <= range.to) {
    months.push(first)
    first = addMonths(first, 1)
  }
  if (months.length === 0) return { months, spans: [range] }
  const spans: DayRange[] = []
  if (range.from < months[0]!) spans.push({ from: range.from, to: addDays(months[0]!, -1) })
  const after = addDays(monthEnd(months.at(-1)!), 1)
  if (after <= range.to) spans.push({ from: after, to: range.to })
  return { months, spans }
}
