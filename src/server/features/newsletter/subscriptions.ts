import { createElement } from 'react'
import { siteUrl } from '../../../env.server.ts'
import { networkOf } from '../../../lib/network.ts'
import { canonicalMailbox, checkEmailAddress } from '../../../lib/newsletter/email-address.ts'
import { CONSENT_TEXT, NO_NEWSLETTER, TOO_MANY_SIGNUPS } from '../../../lib/newsletter/texts.ts'
import { ApiError } from '../../http/errors.ts'
import type { Platform } from '../../platform.ts'
import {
  claimDueConfirmations,
  claimDueNotices,
  markBounced,
  markConfirmationFailed,
  markConfirmationSent,
  recordSignUp,
} from './newsletter.repo.ts'
import { composeConfirmation, confirmPageUrl, listHeaders, unsubscribePageUrl, type ComposedEmail } from './compose.ts'
import { ALREADY_SUBSCRIBED_SUBJECT, AlreadySubscribedEmail } from './emails/already-subscribed-email.tsx'
import { emailHtml, emailText } from './render-email.ts'
import type { MailConfig } from '../../mail/mail-config.ts'
import { openMailer } from '../../mail/mailer.ts'
import { confirmToken, newsletterKey, unsubscribeToken } from './tokens.ts'

/**
 * A visitor's sign-up (docs/decisions/0800): the one write a visitor makes, and only when mail is
 * configured. The answer is the same, and takes the same time, whether the address is new, pending,
 * subscribed or bounced, so nobody learns who subscribed. A new, pending or unsubscribed address
 * gets a confirmation email, a confirmed one a short 'already subscribed' email (issue 45: the
 * reader does not wait for nothing), a bounced one nothing; at most one email an hour per mailbox.
 */
export interface SignUpInput {
  email: unknown
  /** The page the form was on (recorded with the consent). */
  page: unknown
  /** The honeypot: a field people never see, so never fill. */
  website: unknown
}

/** The form's page as recorded: a path on this site, or '/' for anything else. */
function pageOf(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\]{0,299}$/.test(value) ? value : '/'
}

/**
 * Throws the answer for a refused sign-up (400, 404, 429); returns when the answer is 'Check your
 * inbox'. Every decision is the database's, in one transaction (newsletter.repo.ts: sign-ups at once
 * are decided in turn); a confirmation email it makes due is sent after the answer (`later`: the
 * request's background work), so the answer takes the same time whatever the address (issue 42).
 */
export async function signUp(
  platform: Platform,
  input: SignUpInput,
  clientIp: string,
  now = new Date(),
  later: (work: Promise<unknown>) => void = (work) => void work,
): Promise<void> {
  const mail = platform.mail
  if (!mail) throw new ApiError(404, NO_NEWSLETTER)
  const address = checkEmailAddress(input.email)
  if (!address.ok) throw new ApiError(400, address.message)
  // A robot filled in the field people cannot see: the same answer, and nothing kept or sent.
  if (typeof input.website === 'string' && input.website.trim() !== '') return
  const result = await recordSignUp({
    email: address.address,
    mailbox: canonicalMailbox(address.address),
    // An IPv6 /48: one household or office (the sign-up bound is stricter than the audience's /64).
    network: networkOf(clientIp, 48),
    page: pageOf(input.page),
    text: CONSENT_TEXT,
    now,
  })
  if ('tooMany' in result) throw new ApiError(429, TOO_MANY_SIGNUPS, { 'Retry-After': '3600' })
  if (result.send) later(sendDueSignUpMail(mail, now).catch((error) => console.warn('[newsletter]', error)))
}

/** How many due emails of each kind one sender takes at a time. */
const EMAILS_PER_RUN = 20

/**
 * Sends the sign-ups' emails that are due: confirmations, and 'already subscribed' notices (a
 * sign-up's, after its answer; the scheduler's tick sends any a request could not, its instance
 * gone). Each is claimed before it is sent, so none goes twice. A confirmation's failure is kept on
 * its consent for the panel and logged; a new sign-up sends it again.
 */
export async function sendDueSignUpMail(mail: MailConfig, now = new Date()): Promise<number> {
  let sent = 0
  for (;;) {
    const due = await claimDueConfirmations(now, EMAILS_PER_RUN)
    if (due.length === 0) break
    for (const to of due) {
      await sendConfirmation(mail, to, now)
      sent++
    }
  }
  for (;;) {
    const due = await claimDueNotices(now, EMAILS_PER_RUN)
    if (due.length === 0) return sent
    for (const to of due) {
      await sendAlreadySubscribed(mail, to, now)
      sent++
    }
  }
}

/** The 'already subscribed' email: the layout of every email, with its unsubscribe link. */
function composeAlreadySubscribed(unsubscribeUrl: string): ComposedEmail {
  const html = emailHtml(createElement(AlreadySubscribedEmail, { siteUrl, unsubscribeUrl }))
  return { subject: ALREADY_SUBSCRIBED_SUBJECT, html, text: emailText(html) }
}

/**
 * One 'already subscribed' email, given up after 10 s as a confirmation is. Not sent is only
 * logged: nothing waits on it, and the reader may sign up again for another.
 */
async function sendAlreadySubscribed(
  mail: MailConfig,
  to: { subscriberId: number; email: string },
  now: Date,
): Promise<void> {
  const unsubscribe = unsubscribeToken(await newsletterKey(), to.subscriberId, to.email)
  const email = composeAlreadySubscribed(unsubscribePageUrl(unsubscribe))
  const mailer = openMailer(mail, { pool: false, timeoutMs: 10_000 })
  try {
    const outcome = await mailer.send({ to: to.email, ...email, headers: listHeaders(unsubscribe) })
    if (outcome.kind === 'sent') return
    // Refused for good: the digest would bounce too, so the address is never mailed again.
    if (outcome.kind === 'bounced') await markBounced([{ subscriberId: to.subscriberId, reason: outcome.reason }], now)
    console.warn(`[newsletter] 'already subscribed' email not sent (${outcome.kind}): ${outcome.reason}`)
  } finally {
    mailer.close()
  }
}

/** One confirmation email: a mail server that does not answer is given up after 10 s. */
async function sendConfirmation(
  mail: MailConfig,
  to: { subscriberId: number; consentId: number; email: string },
  now: Date,
): Promise<void> {
  const key = await newsletterKey()
  const unsubscribe = unsubscribeToken(key, to.subscriberId, to.email)
  const email = await composeConfirmation({
    confirmUrl: confirmPageUrl(confirmToken(key, to.consentId, to.email, now)),
    unsubscribeUrl: unsubscribePageUrl(unsubscribe),
  })
  const mailer = openMailer(mail, { pool: false, timeoutMs: 10_000 })
  try {
    const outcome = await mailer.send({ to: to.email, ...email, headers: listHeaders(unsubscribe) })
    if (outcome.kind === 'sent') return await markConfirmationSent(to.subscriberId, now)
    // The address's server refused it for good: never mailed again, as a digest's bounce.
    if (outcome.kind === 'bounced') await markBounced([{ subscriberId: to.subscriberId, reason: outcome.reason }], now)
    console.warn(`[newsletter] confirmation email not sent (${outcome.kind}): ${outcome.reason}`)
    await markConfirmationFailed(to.consentId, outcome.reason)
  } finally {
    mailer.close()
  }
}
