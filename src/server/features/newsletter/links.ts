import type { Outcome } from '../../../lib/newsletter/texts.ts'
import { confirmConsent, consentForLink, getSubscriber, unsubscribe } from './newsletter.repo.ts'
import { linkFits, newsletterKey, readConfirmToken, readUnsubscribeToken } from './tokens.ts'

/**
 * What the links of the newsletter's emails do, for the API (which does it) and for the pages the
 * links open (which show what it would do, with a button: link scanners open links, and must not
 * subscribe or unsubscribe anyone). A replayed, expired or changed link changes nothing.
 */
export type ConfirmLinkState =
  { kind: 'ready'; email: string } | { kind: 'used' } | { kind: 'expired' } | { kind: 'invalid' }

export async function confirmLinkState(token: string, now = new Date()): Promise<ConfirmLinkState> {
  const link = readConfirmToken(await newsletterKey(), token, now)
  if (link.kind !== 'ok') return link
  const consent = await consentForLink(link.consentId)
  // A consent of another address (its id handed out again since, by a restore): not this link's.
  if (!consent || !linkFits(link.tag, consent)) return { kind: 'invalid' }
  return consent.confirmedAt ? { kind: 'used' } : { kind: 'ready', email: consent.email }
}

/** Uses a confirmation link: 'confirmed', or why not. */
export async function useConfirmLink(token: string, now = new Date()): Promise<Outcome> {
  const link = readConfirmToken(await newsletterKey(), token, now)
  if (link.kind === 'invalid') return 'link-invalid'
  if (link.kind === 'expired') return 'link-expired'
  const consent = await consentForLink(link.consentId)
  if (!consent || !linkFits(link.tag, consent)) return 'link-invalid'
  const result = await confirmConsent(link.consentId, now)
  return result.kind === 'confirmed' ? 'confirmed' : result.kind === 'used' ? 'link-used' : 'link-invalid'
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
