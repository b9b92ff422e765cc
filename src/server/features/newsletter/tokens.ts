/**
 * The links of the newsletter's emails are signed (docs/decisions/0803): HMAC-SHA256 of what the
 * link may do, with a key only the server knows, so that nobody can make one for another address.
 * - confirm: `c.<consent id>.<expiry, seconds>.<address tag>`: works for 48 hours, once (the consent
 *   row's confirmed_at is set by the first use);
 * - unsubscribe: `u.<subscriber id>.<address tag>`: works as long as the address is on the list
 *   (RFC 8058 asks that an unsubscribe link keep working; an email may be opened months later).
 * The address tag binds a link to the address it was sent to, not only to a row's id: a restore of
 * an earlier archive hands ids out again, and a link of an address it removed must do nothing to the
 * reader who got its id later (issue 42). The link's user (links.ts) compares it with the row's.
 * The key is NEWSLETTER_SECRET when set, else a random one the server makes once and keeps in the
 * database (src/server/auth/signing.ts, as the jobs' key).
 */
import { createHash } from 'node:crypto'
import { env } from '../../../env.server.ts'
import { mac, macMatches, signingKey } from '../../auth/signing.ts'

export const CONFIRM_LINK_HOURS = 48

/** The links' key (src/server/auth/signing.ts). */
export const newsletterKey = () => signingKey('newsletter', env.NEWSLETTER_SECRET)

const sign = (key: string, payload: string) => `${payload}.${mac(key, payload)}`

/** The payload of a token whose signature is right, or undefined. */
function verified(key: string, token: string): string[] | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined
  const cut = token.lastIndexOf('.')
  if (cut < 1) return undefined
  const payload = token.slice(0, cut)
  // Compared as written: one spelling of the signature verifies, no other (issue 42).
  if (!macMatches(key, payload, token.slice(cut + 1))) return undefined
  return payload.split('.')
}

const ID = /^[1-9][0-9]{0,9}$/

/** The address a link was sent to, as a short tag in its signed part: 12 characters of its SHA-256. */
export const addressTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 12)

const TAG = /^[A-Za-z0-9_-]{12}$/

/**
 * Links were signed without an address tag before this day (`c.<id>.<expiry>`, `u.<id>`): such a
 * link still works for a row made before it (the emails already sent must keep their unsubscribe
 * link), never for a row made since, which may hold an id a restore handed out again.
 */
export const TAGGED_LINKS_FROM = new Date('2026-11-29T00:00:00Z')

/** Whether a link's tag (or its absence, for an earlier link) fits the row it names. */
export const linkFits = (tag: string | undefined, row: { email: string; createdAt: Date }): boolean =>
  tag === undefined ? row.createdAt < TAGGED_LINKS_FROM : addressTag(row.email) === tag

export function confirmToken(key: string, consentId: number, email: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRM_LINK_HOURS * 3600
  return sign(key, `c.${consentId}.${expires}.${addressTag(email)}`)
}

export type ConfirmLink =
  { kind: 'ok'; consentId: number; tag: string | undefined } | { kind: 'expired' } | { kind: 'invalid' }

export function readConfirmToken(key: string, token: string, now = new Date()): ConfirmLink {
  const parts = verified(key, token)
  if (
    !parts ||
    (parts.length !== 4 && parts.length !== 3) ||
    parts[0] !== 'c' ||
    !ID.test(parts[1]!) ||
    !/^[0-9]{1,12}$/.test(parts[2]!) ||
    (parts.length === 4 && !TAG.test(parts[3]!))
  )
    return { kind: 'invalid' }
  if (Number(parts[2]) * 1000 <= now.getTime()) return { kind: 'expired' }
  return { kind: 'ok', consentId: Number(parts[1]), tag: parts[3] }
}

/** Subscriber 0 is nobody: a test email sent to an address not on the list carries its link. */
export function unsubscribeToken(key: string, subscriberId: number, email: string): string {
  return sign(key, `u.${subscriberId}.${addressTag(email)}`)
}

/** The subscriber the link is for (0: nobody) and its address tag, or undefined when the link is not one we made. */
export function readUnsubscribeToken(
  key: string,
  token: string,
): { subscriberId: number; tag: string | undefined } | undefined {
  const parts = verified(key, token)
  if (
    !parts ||
    (parts.length !== 3 && parts.length !== 2) ||
    parts[0] !== 'u' ||
    !/^(0|[1-9][0-9]{0,9})$/.test(parts[1]!) ||
    (parts.length === 3 && !TAG.test(parts[2]!))
  )
    return undefined
  return { subscriberId: Number(parts[1]), tag: parts[2] }
}

/** How long a test email's 'view in browser' link opens the preview. */
export const PREVIEW_LINK_DAYS = 7

/**
 * The preview's page (`p.<expiry, seconds>`): a test email's 'view in browser' link, which shows the
 * digest as it would go out now, the owner's unsent intro included; for a week.
 */
export function previewToken(key: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_LINK_DAYS * 86_400
  return sign(key, `p.${expires}`)
}

export function previewTokenValid(key: string, token: string, now = new Date()): boolean {
  const parts = verified(key, token)
  if (!parts || parts.length !== 2 || parts[0] !== 'p' || !/^[0-9]{1,12}$/.test(parts[1]!)) return false
  return Number(parts[1]) * 1000 > now.getTime()
}
