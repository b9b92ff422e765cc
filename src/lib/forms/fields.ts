import { z } from 'zod'
import { calendarDateTime, optionalCalendarDateTime } from '../calendar-date.ts'
import { stripXmlIllegal } from '../xml-text.ts'

/**
 * Field schemas shared by the form contracts (src/lib/forms/*.ts: the routes' bodies and the admin's
 * forms) and the other write routes. Browser-safe: zod only. URLs in content must be http(s) or one of our own
 * paths ('/media/...', '/images/...'): never javascript:, data: (except image fields, which turn
 * data URLs into blobs), protocol-relative '//host' or anything a browser would reinterpret.
 */
export const MAX_TEXT = 10_000
export const MAX_HTML = 200_000

export function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\') && !/[\s\u0000-\u001f]/.test(value)
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/[\s\u0000-\u001f]/.test(value)
  } catch {
    return false
  }
}

/** Postgres text cannot hold NUL. */
export const storable = (v: string) => !v.includes('\u0000')

/**
 * Optional text: trimmed, bounded, '' when absent or null. Characters no XML can carry (controls,
 * lone surrogates) are dropped first: one in a title broke the RSS feed (src/lib/xml-text.ts).
 */
export const optionalText = (max = 500, label = 'A text field') =>
  z
    .union([z.string({ message: `${label} must be text.` }), z.null(), z.undefined()], {
      message: `${label} must be text.`,
    })
    .transform((v) => stripXmlIllegal(v ?? '').trim())
    .refine((v) => v.length <= max, `${label} is too long.`)
    .refine(storable, `${label} holds characters that cannot be stored.`)

/** Optional URL: '' when absent; otherwise http(s) or our own path. */
export const optionalUrl = (label = 'The URL') =>
  optionalText(2048, label).refine((v) => v === '' || isSafeUrl(v), `${label} must start with http://, https:// or /.`)

/** Optional image: like optionalUrl, and a data:image URL is accepted here (the route stores it as a blob). */
export const optionalImageUrl = (label = 'The image URL') =>
  z
    .union([z.string({ message: `${label} must be text.` }), z.null(), z.undefined()], {
      message: `${label} must be text.`,
    })
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.startsWith('data:') || v.length <= 2048, `${label} is too long.`)
    .refine(
      (v) => v === '' || v.startsWith('data:') || isSafeUrl(v),
      `${label} must start with http://, https:// or /.`,
    )

/** An optional link that is stored as null when blank (no button on the card). */
export const nullableUrl = (label = 'The URL') => optionalUrl(label).transform((v) => v || null)

/** An optional text with the value stored when it is blank (a column's default, say 'Racing'). */
export const textOr = (fallback: string, max: number, label: string) =>
  optionalText(max, label).transform((v) => v || fallback)

/** An integer from a number or a numeric string (forms send both). */
export const intFrom = (label: string, min: number, max: number, missing = `${label} must be a whole number.`) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .min(1, missing)
          .regex(/^-?\d{1,10}$/, `${label} must be a whole number.`),
      ],
      { error: (issue) => (issue.input === undefined ? missing : `${label} must be a whole number.`) },
    )
    .transform(Number)
    .refine((n) => Number.isInteger(n), `${label} must be a whole number.`)
    .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}.`)

export const boolFrom = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { message: `${label} must be true or false.` })
    .transform((v) => v === true || v === 'true')

/**
 * An ISO day or date-time, 1970 to 9999, whose day exists in the calendar (src/lib/calendar-date.ts):
 * every date the API takes enters through here or through optionalDate.
 */
export const dateFrom = calendarDateTime

/** An optional date: blank or null is no date (null). */
export const optionalDate = optionalCalendarDateTime

/** Required text: the message when it is missing or blank is the spec's. */
export const requiredText = (message: string, max = 500, label = 'The text') =>
  z
    .string({ message })
    .transform((v) => stripXmlIllegal(v).trim())
    .refine((v) => v.length > 0, message)
    .refine((v) => v.length <= max, `${label} is too long.`)
    .refine(storable, `${label} holds characters that cannot be stored.`)

/** A required link (http(s) or our own path): the spec's message when it is missing or blank. */
export const requiredUrl = (message: string, label = 'The URL') =>
  requiredText(message, 2048, label).refine(isSafeUrl, `${label} must start with http://, https:// or /.`)
