import { z } from 'zod'
import { formContract } from './contract.ts'
import {
  boolFrom,
  MAX_TEXT,
  optionalDate,
  optionalImageUrl,
  optionalText,
  requiredText,
  requiredUrl,
  textOr,
} from './fields.ts'

export const streamRequiredMessage = 'Please fill in the Stream Title and Stream URL fields'
export const streamEndMessage = 'The end time must be after the start time.'

/** Tags: an array, or the form's comma-separated text (spec 001). */
const tagsField = z
  .union(
    [
      z.array(z.string().max(50, 'A tag is too long.')).max(20, 'At most 20 tags.'),
      z.string().max(1000, 'The tags are too long.'),
      z.null(),
    ],
    { message: 'The tags must be a list or comma-separated text.' },
  )
  .transform((v) => tagsFromText(v ?? []))

/** viewerCount: parsed to an integer, 0 by default (spec 001). */
const viewerCountField = z
  .union([z.number(), z.string().max(20), z.null()], { message: 'The viewer count must be a whole number.' })
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return 0
    // Text is parsed as the spec's form did: its leading integer, 0 when it has none.
    const n = typeof v === 'number' ? v : Number.parseInt(v, 10) || 0
    if (!Number.isSafeInteger(Math.trunc(n)) || n < 0 || n > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: 'The viewer count must be a whole number.' })
      return z.NEVER
    }
    return Math.trunc(n)
  })

/** The start time has a default (now): blank keeps what is stored, or the default on a new stream. */
const startTimeField = optionalDate('The start time').transform((v) => v ?? undefined)

/** The streams form: title and stream URL required; category 'Racing' when blank. */
export const streamContract = formContract(
  z
    .object({
      title: requiredText(streamRequiredMessage, 300, 'The title'),
      streamUrl: requiredUrl(streamRequiredMessage, 'The stream URL'),
      category: textOr('Racing', 100, 'The category').optional(),
      description: optionalText(MAX_TEXT, 'The description').optional(),
      thumbnailUrl: optionalImageUrl('The thumbnail URL').optional(),
      streamerName: optionalText(200, 'The streamer name').optional(),
      startTime: startTimeField.optional(),
      endTime: optionalDate('The end time').optional(),
      isLive: boolFrom('isLive').optional(),
      viewerCount: viewerCountField.optional(),
      tags: tagsField.optional(),
      /** Take the title and thumbnail from Twitch or YouTube at each refresh (docs/decisions/0621). */
      platformTexts: boolFrom('platformTexts').optional(),
    })
    .refine((s) => !(s.startTime && s.endTime && s.endTime < s.startTime), streamEndMessage),
  'Error',
)

export type StreamBody = z.input<typeof streamContract.schema>
export type StreamValues = z.output<typeof streamContract.schema>

/** Stream tags: comma-separated in the form, a list in the record (at most 20, no blanks). */
export function tagsFromText(tags: string | readonly string[]): string[] {
  return (typeof tags === 'string' ? tags.split(',') : tags)
    .map((t) => t.trim())
    .filter((t) => t.length > 0 && !t.includes('\u0000'))
    .slice(0, 20)
}
export const tagsToText = (tags: readonly string[]): string => tags.join(', ')
