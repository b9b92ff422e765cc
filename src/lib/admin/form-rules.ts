import { z } from 'zod'

/**
 * The admin forms' rules of spec 001 section 5, with the spec's messages beside them. Each check
 * answers the toast to show ({ title, description }) or null when the form may be sent.
 */
export interface FormProblem {
  title: string
  description: string
}

const problem = (title: string, description: string): FormProblem => ({ title, description })
const blank = (v: string | null | undefined) => (v ?? '').trim() === ''

/** Rating choices of the games form: value '' is 'No Rating'. */
export const gameRatingChoices: { value: string; label: string }[] = [
  { value: '', label: 'No Rating' },
  { value: 'N/A', label: 'N/A' },
  { value: 'Not yet rated', label: 'Not yet rated' },
  ...Array.from({ length: 10 }, (_, i) => {
    const percent = String(95 - i * 5)
    return { value: percent, label: `${percent}%` }
  }),
]

export const gameProblem = (g: { title: string }) =>
  blank(g.title) ? problem('Missing Information', 'Please fill in the game title.') : null

export const accessoryProblem = (a: { name: string; purchaseUrl: string }) =>
  blank(a.name) || blank(a.purchaseUrl)
    ? problem('Missing Information', 'Please fill in the accessory name and purchase URL.')
    : null

export const streamProblem = (s: { title: string; streamUrl: string }) =>
  blank(s.title) || blank(s.streamUrl)
    ? problem('Error', 'Please fill in the Stream Title and Stream URL fields')
    : null

export const newsProblem = (n: { title: string; content: string; author: string }) =>
  blank(n.title) || blank(n.content) || blank(n.author)
    ? problem('Missing Information', 'Please fill in the title, content and author.')
    : null

export const reviewProblem = (r: { title: string; rating: string }) => {
  if (blank(r.title)) return problem('Missing Information', 'Please fill in the review title.')
  const n = Number(r.rating)
  if (blank(r.rating) || !Number.isFinite(n) || n < 0 || n > 10)
    return problem('Missing Information', 'The rating must be a number from 0 to 10.')
  return null
}

export const championshipEntryProblem = (e: { name: string; position: string }) =>
  blank(e.name) || !/^\d+$/.test(e.position.trim())
    ? problem('Missing Information', 'Please fill in the driver name and position.')
    : null

export const PASSWORD_MIN_LENGTH = 6

/** Change password, in the spec's order of checks. */
export function passwordProblem(p: { currentPassword: string; newPassword: string; confirmPassword: string }) {
  if (!p.currentPassword || !p.newPassword || !p.confirmPassword)
    return problem('All Fields Required', 'Please fill in all password fields')
  if (p.newPassword !== p.confirmPassword)
    return problem("Passwords Don't Match", 'New password and confirmation must match')
  if (p.newPassword.length < PASSWORD_MIN_LENGTH)
    return problem('Password Too Short', 'New password must be at least 6 characters long')
  return null
}

/** Stream tags: comma-separated in the form, a list in the record. */
export const tagsFromText = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
export const tagsToText = (tags: readonly string[]): string => tags.join(', ')

/** viewerCount: parsed to an integer, 0 when blank or not a number (spec 001 section 5). */
export function viewerCountFrom(text: string): number {
  const n = Number.parseInt(text, 10)
  return Number.isFinite(n) && n > 0 ? n : 0
}

/** The auto-format button works only on plain text: content present and no angle-bracket markup. */
export const canAutoFormat = (content: string): boolean => content.trim() !== '' && !/[<>]/.test(content)

/** Description previews in the lists (hardware and others): 100 characters. */
export const PREVIEW_LENGTH = 100
export function preview(text: string, length = PREVIEW_LENGTH): string {
  const chars = Array.from(text.trim())
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('')
}

/** Spec 001 section 9: overlay opacity 0-80 in steps of 5. */
export const OVERLAY_MIN = 0
export const OVERLAY_MAX = 80
export const OVERLAY_STEP = 5
export const overlayValue = z.coerce
  .number()
  .catch(0)
  .transform((n) => Math.min(OVERLAY_MAX, Math.max(OVERLAY_MIN, Math.round(n / OVERLAY_STEP) * OVERLAY_STEP)))
