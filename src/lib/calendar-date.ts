import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { MONTHS } from './dates.ts'

/*
 * The API's dates and times: an ISO 8601 day ('2026-11-24') or instant ('2026-11-24T18:30:00Z',
 * with an offset, seconds and fractions optional; a day or an instant without an offset is UTC).
 * `new Date()` alone rolls an impossible day over without a word ('2027-02-29' is 1 March), so
 * the calendar is checked here first: a day that does not exist is refused, never moved
 * (decision 0215). Browser-safe: zod and Temporal (the polyfill) only.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

/** How many days `month` (1-12) of `year` has. */
export const daysInMonth = (year: number, month: number): number =>
  Temporal.PlainYearMonth.from({ year, month }).daysInMonth

export type CalendarReading =
  { ok: true; date: Date } | { ok: false; problem: 'format' | 'month' | 'day' | 'time' | 'offset'; detail: string }

/** Reads an ISO day or instant, or says why it is no date of the calendar. */
export function readCalendarDateTime(text: string): CalendarReading {
  const m = ISO_DATE_TIME.exec(text.trim())
  if (!m) return { ok: false, problem: 'format', detail: '' }
  const [, y, mo, d, h, mi, s, fraction, zone] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  if (month < 1 || month > 12) return { ok: false, problem: 'month', detail: `there is no month ${month}` }
  const days = daysInMonth(year, month)
  if (day < 1 || day > days) {
    return { ok: false, problem: 'day', detail: `${MONTHS[month - 1]} ${year} has ${days} days` }
  }
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)) {
    return { ok: false, problem: 'time', detail: `${h}:${mi}${s === undefined ? '' : `:${s}`} is no time of day` }
  }
  let offset = 'Z'
  if (zone && !/^z$/i.test(zone)) {
    const [, sign, oh, om = '00'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!
    if (Number(oh) > 23 || Number(om) > 59) return { ok: false, problem: 'offset', detail: `${zone} is no offset` }
    offset = `${sign}${oh}:${om}`
  }
  // Every part is in range, so Date has nothing to roll over. Without an offset, UTC.
  const date = new Date(
    `${y}-${mo}-${d}T${h ?? '00'}:${mi ?? '00'}:${s ?? '00'}${(fraction ?? '').slice(0, 4)}${offset}`,
  )
  return Number.isNaN(date.getTime()) ? { ok: false, problem: 'format', detail: '' } : { ok: true, date }
}

/** The message the owner sees for a text that is no date of the calendar. */
export function calendarDateMessage(label: string, reading: Exclude<CalendarReading, { ok: true }>): string {
  if (reading.problem === 'format') return `${label} must be a date such as 2026-11-24 or 2026-11-24T18:30:00Z.`
  const what = reading.problem === 'day' || reading.problem === 'month' ? 'a day that exists' : 'a time that exists'
  return `${label} must be ${what}: ${reading.detail}.`
}

/** The earliest and latest years a date of the site may have (the columns and the pages hold these). */
const MIN_YEAR = 1970
const MAX_YEAR = 9999

/** The years a date may be in: the site's whole range, or a narrower one a field holds to. */
export interface YearRange {
  minYear: number
  maxYear: number
}

function toCalendarDate(
  text: string,
  label: string,
  ctx: z.RefinementCtx,
  { minYear, maxYear }: YearRange = { minYear: MIN_YEAR, maxYear: MAX_YEAR },
): Date {
  const reading =
    text.length <= 40 ? readCalendarDateTime(text) : ({ ok: false, problem: 'format', detail: '' } as const)
  if (!reading.ok) {
    ctx.addIssue({ code: 'custom', message: calendarDateMessage(label, reading) })
    return z.NEVER
  }
  const year = reading.date.getUTCFullYear()
  if (year < minYear || year > maxYear) {
    ctx.addIssue({ code: 'custom', message: `${label} must be between the years ${minYear} and ${maxYear}.` })
    return z.NEVER
  }
  return reading.date
}

/**
 * A required date or date-time from a body or a query, as a Date: an impossible day
 * ('2027-02-29', '2026-04-31', '2026-13-01') or time is a 400 with what is wrong, never rolled over.
 */
export const calendarDateTime = (label: string, years?: YearRange) =>
  z.string({ message: `${label} must be a date.` }).transform((text, ctx) => toCalendarDate(text, label, ctx, years))

/**
 * The same where a date may be left out: blank or null is no date (null). One schema, not a union
 * with the blank values, so the owner reads what is wrong with the date rather than 'Invalid input'.
 */
export const optionalCalendarDateTime = (label: string) =>
  z
    .union([z.string(), z.null()], { message: `${label} must be a date.` })
    .transform((text, ctx) => (text === null || text.trim() === '' ? null : toCalendarDate(text, label, ctx)))
