import { z } from 'zod'
import { formProblem, type FormProblem } from '../forms/contract.ts'
import { htmlToText } from '../excerpt.ts'
import { newsContract } from '../forms/news.ts'

/**
 * The admin's rules of spec 001 section 5 that are not a write body's (the bodies' rules are the
 * form contracts of src/lib/forms, shared with the routes). Each check answers the toast to show
 * ({ title, description }) or null when the form may be sent.
 */
export type { FormProblem }

const problem = (title: string, description: string): FormProblem => ({ title, description })

/** The news form's check, by its contract (the news tab's own form adopts the contract next). */
export const newsProblem = (n: { title: string; content: string; author: string }) => formProblem(newsContract, n)

export const PASSWORD_MIN_LENGTH = 6

/**
 * Change password, in the spec's order of checks: the System tab's form and the API's body
 * (`POST /api/admin/change-password`) ask this one rule. A caller of the API may leave the
 * confirmation out (undefined); the form always sends it, so an empty one is a missing field.
 */
export function passwordProblem(p: { currentPassword?: string; newPassword?: string; confirmPassword?: string }) {
  if (!p.currentPassword || !p.newPassword || (p.confirmPassword !== undefined && !p.confirmPassword))
    return problem('All Fields Required', 'Please fill in all password fields')
  if (p.confirmPassword !== undefined && p.newPassword !== p.confirmPassword)
    return problem("Passwords Don't Match", 'New password and confirmation must match')
  if (p.newPassword.length < PASSWORD_MIN_LENGTH)
    return problem('Password Too Short', 'New password must be at least 6 characters long')
  return null
}

/** The auto-format button works only on plain text: content present and no angle-bracket markup. */
export const canAutoFormat = (content: string): boolean => content.trim() !== '' && !/[<>]/.test(content)

/**
 * The visual editor wraps whatever is typed or pasted in paragraphs (decision 0510): to the owner,
 * paragraphs of bare text are still plain text, the content Auto-format is for. Their text, a
 * blank line between paragraphs, or null when the HTML holds anything else (a heading, a list,
 * bold...). What comes back still follows the spec's rule: text with a '<' or '>' in it is not
 * formatted.
 */
export function plainTextOfParagraphs(html: string): string | null {
  if (!/^(?:<p>[^<>]*<\/p>)+$/.test(html)) return null
  return [...html.matchAll(/<p>([^<>]*)<\/p>/g)]
    .map((m) => htmlToText(m[1]!))
    .filter(Boolean)
    .join('\n\n')
}

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
