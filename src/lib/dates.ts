/**
 * Date texts of the public pages. Pages are rendered at build time and hydrated in the browser, so
 * every format pins the time zone (UTC, said in the text where a time is shown): the build and the
 * visitor's browser then print the same characters, whatever their zones (docs/decisions/0104).
 */
const utc = 'UTC'

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

/** 'Nov 22, 2026' */
export const shortDate = (value: Date | string): string =>
  toDate(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: utc })

/** '11/22/2026' (championship 'Updated: {date}') */
export const numericDate = (value: Date | string): string =>
  toDate(value).toLocaleDateString('en-US', { timeZone: utc })

/** Home stream start: en-US, short month, day, hour, minute: 'Nov 22, 10:30 AM UTC'. */
export const streamStartTime = (value: Date | string): string =>
  `${toDate(value).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: utc })} UTC`

/** Long date and time: 'Saturday, November 22, 2026 at 10:30 AM UTC'. */
export const longDateTime = (value: Date | string): string =>
  `${toDate(value).toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: utc })} UTC`

/** ISO 8601 for datetime attributes, feeds and structured data. */
export const isoDate = (value: Date | string): string => toDate(value).toISOString()
