import type { Outcome } from '../../../lib/newsletter/texts.ts'
import { confirmConsent, consentForLink, getSubscriber, unsubscribe } from './newsletter.repo.ts'
import { linkFits, newsletterKey, readConfirmToken, readUnsubscribeToken } from './tokens.ts'

/**
 * What the links of the newsletter's emails do, for the API (which does it) and for the pages the
 * links open (which show what it would do, with a button: link scanners open links, and must not
 * subscribe or unsubscribe anyone). A replayed, expired or changed link changes nothing.
 *
 * A confirmation link used again while its address is subscribed says so, in the first
 * confirmation's words and with a 200 (issue 45: a reader who clicks it twice, or after a scanner
 * that presses buttons, is subscribed, and must not read 'already used' as a failure). Used again
 * after the address unsubscribed or bounced, it still says 'already used': the reader is not
 * subscribed, and an old link must not pretend otherwise nor subscribe them again. An expired or
 * changed link is refused as before, whatever the address: its signature and age are decided
 * before the database is read (docs/decisions/0805).
 */
export type ConfirmLinkState =
  | { kind: 'ready'; email: string }
  | { kind: 'subscribed' }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'invalid' }

export async function confirmLinkState(token: string, now = new Date()): Promise<ConfirmLinkState> {
  const link = readConfirmToken(await newsletterKey(), token, now)
  if (link.kind !== 'ok') return link
  const consent = await consentForLink(link.consentId)
  // A consent of another address (its id handed out again since, by a restore): not this link's.
  if (!consent || !linkFits(link.tag, consent)) return { kind: 'invalid' }
  if (!consent.confirmedAt) return { kind: 'ready', email: consent.email }
  return consent.status === 'confirmed' ? { kind: 'subscribed' } : { kind: 'used' }
}

/** Uses a confirmation link: 'confirmed', or why not. */
export async function useConfirmLink(token: string, now = new Date()): Promise<Outcome> {
  const link = readConfirmToken(await newsletterKey(), token, now)
  if (link.kind === 'invalid') return 'link-invalid'
  if (link.kind === 'expired') return 'link-expired'
  const consent = await consentForLink(link.consentId)
  if (!consent || !linkFits(link.tag, consent)) return 'link-invalid'
  const result = await confirmConsent(link.consentId, now)
  if (result.kind === 'missing') return 'link-invalid'
  // Used before: the first confirmation's answer while the address is subscribed (issue 45).
  return result.kind === 'confirmed' || result.subscribed ? 'confirmed' : 'link-used'
}

export type UnsubscribeLinkState =
  { kind: 'ready'; email: string } | { kind: 'already' } | { kind: 'missing' } | { kind: 'invalid' }

export async function unsubscribeLinkState(token: string): Promise<UnsubscribeLinkState> {
  const link = readUnsubscribeToken(await newsletterKey(), token)
  if (link === undefined) return { kind: 'invalid' }
  const subscriber = await getSubscriber(link.subscriberId)
  // Another address holds the id now (a restore handed it out again): nobody this link may act on.
  if (!subscriber || !linkFits(link.tag, subscriber)) return { kind: 'missing' }
  if (subscriber.status === 'unsubscribed' || subscriber.status === 'bounced') return { kind: 'already' }
  return { kind: 'ready', email: subscriber.email }
}

/** Uses an unsubscribe link (RFC 8058's one click, or the page's button). */
export async function useUnsubscribeLink(token: string, now = new Date()): Promise<Outcome> {
  const link = readUnsubscribeToken(await newsletterKey(), token)
  if (link === undefined) return 'link-invalid'
  const subscriber = await getSubscriber(link.subscriberId)
  if (!subscriber || !linkFits(link.tag, subscriber)) return 'not-on-list'
  const result = await unsubscribe(link.subscriberId, now)
  return result.kind === 'unsubscribed'
    ? 'unsubscribed'
    : result.kind === 'already'
      ? 'already-unsubscribed'
      : 'not-on-list'
}
