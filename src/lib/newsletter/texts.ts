import { INVALID_ADDRESS_MESSAGE } from './email-address.ts'

/**
 * The newsletter's words, shared by the forms, the pages the emails link to, the API's answers
 * and the panel, so that each is said one way (docs/decisions/0800).
 */

/** The one line under every sign-up form: what is kept and why. Stored with each consent, word for word. */
export const CONSENT_TEXT =
  'We keep only your email address, to send you our digest of new articles. Every email has a one-click unsubscribe.'

/** The answer to every accepted sign-up, whether or not the address was known: nobody learns who subscribed. */
export const CHECK_INBOX = 'Check your inbox to confirm.'
export const TOO_MANY_SIGNUPS = 'Too many sign-ups from your network. Please try again in an hour.'
export const NO_NEWSLETTER = 'This site has no newsletter.'

export const CONFIRMED = 'You are subscribed. The next digest will be in your inbox.'
export const UNSUBSCRIBED = 'You are unsubscribed. We will not send you any more email.'
export const ALREADY_UNSUBSCRIBED = 'This address is already unsubscribed. We will not send it any more email.'
export const NOT_ON_THE_LIST = 'This address is not on our list: there is nothing to unsubscribe.'
export const LINK_INVALID = 'This link is not valid. Please use the link in the email exactly as it came.'
export const LINK_EXPIRED = 'This link has expired: confirmation links work for 48 hours. Please sign up again.'
export const LINK_USED = 'This link has already been used.'
export const ADDRESS_BOUNCED = 'Mail to this address could not be delivered, so we no longer send it anything.'

/** The links of the pages a form or a link lands on: back where the reader was, or to the sign-up again. */
export const BACK_TO_ARTICLE = 'Back to the article'
export const BACK = 'Back'
export const SUBSCRIBE_AGAIN = 'Subscribe again'

/**
 * Where a form posted without JavaScript lands (`/newsletter?result=<outcome>`): the API answers a
 * browser's own form submission with 303 to this page, which says the outcome in these words.
 */
export const OUTCOMES = {
  'check-inbox': { title: 'Almost there', text: CHECK_INBOX },
  'invalid-address': { title: 'Please check the address', text: INVALID_ADDRESS_MESSAGE },
  'too-many': { title: 'Please try again later', text: TOO_MANY_SIGNUPS },
  confirmed: { title: 'Subscription confirmed', text: CONFIRMED },
  unsubscribed: { title: 'Unsubscribed', text: UNSUBSCRIBED },
  'already-unsubscribed': { title: 'Unsubscribed', text: ALREADY_UNSUBSCRIBED },
  'not-on-list': { title: 'Not on the list', text: NOT_ON_THE_LIST },
  'link-invalid': { title: 'Link not valid', text: LINK_INVALID },
  'link-expired': { title: 'Link expired', text: LINK_EXPIRED },
  'link-used': { title: 'Link already used', text: LINK_USED },
} as const satisfies Record<string, { title: string; text: string }>

export type Outcome = keyof typeof OUTCOMES

export const isOutcome = (value: string | null | undefined): value is Outcome =>
  typeof value === 'string' && Object.hasOwn(OUTCOMES, value)

/** The environment variables without which there is no newsletter (the panel names them). */
export const MAIL_VARIABLES = ['SMTP_URL', 'NEWSLETTER_FROM'] as const
