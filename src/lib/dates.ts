/**
 * Date texts of the public pages. Pages are rendered at build time and hydrated in the browser, so
 * every format pins the time zone (UTC, said in the text where a time is shown): the build and the
 * visitor's browser then print the same characters, whatever their zones (docs/decisions/0104).
 */

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

/*
 * The en-US texts are put together here rather than with Intl.DateTimeFormat: the first Intl
 * formatter a page makes loads the browser's locale data, a long task in the middle of hydration
 * on a slow phone. A property test holds these to Intl's own output.
 */
/** The months' English names, January first (shared with the API's date checks: calendar-date.ts). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const INVALID = 'Invalid Date'

const parts = (value: Date | string) => {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return undefined
  const hour = date.getUTCHours()
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: DAYS[date.getUTCDay()]!,
    time: `${hour % 12 || 12}:${String(date.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`,
  }
}
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3)

/** 'Nov 22, 2026' */
export const shortDate = (value: Date | string): string => {
  const p = parts(value)
  return p ? `${shortMonth(p.month)} ${p.day}, ${p.year}` : INVALID
}

/** '11/22/2026' (championship 'Updated: {date}') */
export const numericDate = (value: Date | string): string => {
  const p = parts(value)
  return p ? `${p.month + 1}/${p.day}/${p.year}` : INVALID
}

/** Home stream start: en-US, short month, day, hour, minute: 'Nov 22, 10:30 AM UTC'. */
export const streamStartTime = (value: Date | string): string => {
  const p = parts(value)
  return p ? `${shortMonth(p.month)} ${p.day}, ${p.time} UTC` : INVALID
}

/** Long date and time: 'Sunday, November 22, 2026 at 10:30 AM UTC'. */
export const longDateTime = (value: Date | string): string => {
  const p = parts(value)
  return p ? `${p.weekday}, ${MONTHS[p.month]} ${p.day}, ${p.year} at ${p.time} UTC` : INVALID
}

/** ISO 8601 for datetime attributes, feeds and structured data. */
export const isoDate = (value: Date | string): string => toDate(value).toISOString()
