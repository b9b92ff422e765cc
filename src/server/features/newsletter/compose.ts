import { articlePath, type Addressable } from '../../../lib/news-address.ts'
import { createElement } from 'react'
import { emailHtml, emailText } from './render-email.ts'
import { siteUrl } from '../../../env.server.ts'
import { digestSubject, DIGEST_MAX_ARTICLES, type DigestFrequency } from '../../../lib/newsletter/digest-rules.ts'
import { htmlToText, wordExcerpt } from '../../../lib/excerpt.ts'
import { addressLines, introParagraphs } from '../../../lib/newsletter/digest-plan.ts'
import { newsImageUrl } from '../../../lib/news-image.ts'
import { CONFIRMATION_SUBJECT, ConfirmationEmail } from './emails/confirmation-email.tsx'
import { DigestEmail, type DigestArticle } from './emails/digest-email.tsx'

/**
 * The newsletter's emails as the mail server gets them: subject, HTML and plain text (React Email,
 * docs/decisions/0801), and the headers of a list mail (RFC 2369, RFC 8058). Every link in them is
 * an absolute address on this site.
 */
export interface ComposedEmail {
  subject: string
  html: string
  text: string
}

/**
 * A digest is rendered once, with this in place of each recipient's unsubscribe address; the
 * sender puts the address in for each recipient (a token is letters, digits, '.', '-' and '_':
 * nothing HTML would escape).
 */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.placeholder.invalid/'

export const confirmPageUrl = (token: string) => `${siteUrl}/newsletter/confirm?token=${token}`
export const unsubscribePageUrl = (token: string) => `${siteUrl}/newsletter/unsubscribe?token=${token}`
/** RFC 8058's address: a POST to it unsubscribes at once, which only our API takes from a mail provider. */
export const oneClickUrl = (token: string) => `${siteUrl}/api/newsletter/unsubscribe?token=${token}`

/** The headers that make one-click unsubscribe work in Gmail, Yahoo and Apple Mail. */
export function listHeaders(token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `SimRacing Hub digest <digest.${new URL(siteUrl).hostname}>`,
  }
}

async function rendered(element: React.ReactElement): Promise<{ html: string; text: string }> {
  const html = emailHtml(element)
  return { html, text: emailText(html) }
}

export async function composeConfirmation(links: {
  confirmUrl: string
  unsubscribeUrl: string
}): Promise<ComposedEmail> {
  return {
    subject: CONFIRMATION_SUBJECT,
    ...(await rendered(createElement(ConfirmationEmail, { siteUrl, ...links }))),
  }
}

export interface DigestSource extends Addressable {
  excerpt: string
  /** The article's HTML: the digest's excerpt is taken from its text, cut at a word. */
  content: string
  imageUrl: string
  category: string
}

/**
 * The picture an email shows: the article's own when the site serves it, else its category's
 * default picture; as a JPEG 600 pixels wide from the site's image CDN (mail programs do not all
 * show WebP or AVIF). A picture on another host is not used: an email links to our pages only.
 */
export function emailPicture(article: Pick<DigestSource, 'imageUrl' | 'category'>): string {
  const own = newsImageUrl(article)
  const path = own.startsWith('/') && !own.startsWith('//') ? own : newsImageUrl({ category: article.category })
  return `${siteUrl}/.netlify/images?url=${encodeURIComponent(path)}&w=600&fm=jpg&q=75`
}

/** How much of an article's text the digest shows. */
const DIGEST_EXCERPT = 220

/** A digest's campaign, named by the last day of its period ('digest-2026-11-30'), for the Audience tab. */
export const digestCampaign = (periodEnd: Date): string => `digest-${periodEnd.toISOString().slice(0, 10)}`

/**
 * An article's address in a digest: its page with the tags that name where the reader came from
 * (`utm_source=newsletter&utm_medium=email&utm_campaign=<digest>`), so the Audience tab counts the
 * visit under Newsletter and the digest (issue 45; the beacon reads them, docs/decisions/0850).
 */
export function digestLink(article: Addressable, campaign: string): string {
  const tags = new URLSearchParams({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: campaign })
  return `${siteUrl}${articlePath(article)}?${tags}`
}

/** The sign-up page: the web copy of a digest links it where an email has the reader's unsubscribe link. */
export const newsletterPageUrl = `${siteUrl}/newsletter`

/** A sent digest as a page on the site: its 'View this email in your browser' link. */
export const digestPageUrl = (digestId: number) => `${siteUrl}/newsletter/digests/${digestId}`

/**
 * The preview's page, for a test email's 'view in browser' link (the digest it shows is not made
 * yet): signed, so that only the owner's test email opens the owner's unsent intro.
 */
export const previewPageUrl = (token: string) => `${siteUrl}/newsletter/digests/preview?token=${token}`

/** What the owner adds to a digest around its articles (decision 0874). */
export interface DigestFrame {
  campaign: string
  /** The owner's intro, as typed ('' for none). */
  intro: string
  /** The sender's postal address, as typed ('' for none). */
  postalAddress: string
  /** The digest as a page on the site. */
  viewUrl: string
}

/**
 * A digest of these articles in the order given, with UNSUBSCRIBE_PLACEHOLDER for each recipient's
 * link; every article link carries the digest's campaign.
 */
export async function composeDigest(
  articles: readonly DigestSource[],
  frequency: DigestFrequency,
  frame: DigestFrame,
): Promise<ComposedEmail> {
  const listed: DigestArticle[] = articles.slice(0, DIGEST_MAX_ARTICLES).map((a) => ({
    title: a.title,
    excerpt: wordExcerpt(htmlToText(a.content) || a.excerpt, DIGEST_EXCERPT),
    url: digestLink(a, frame.campaign),
    imageUrl: emailPicture(a),
  }))
  const subject = digestSubject(
    articles.map((a) => a.title),
    frequency,
  )
  const element = createElement(DigestEmail, {
    subject,
    siteUrl,
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
    frequency,
    articles: listed,
    more: Math.max(0, articles.length - listed.length),
    intro: introParagraphs(frame.intro),
    viewUrl: frame.viewUrl,
    postalAddress: addressLines(frame.postalAddress),
  })
  return {
    subject,
    ...(await rendered(element)),
  }
}

/** A digest's body for one recipient: their own unsubscribe page in place of the placeholder. */
export const personalized = (body: string, unsubscribeUrl: string) =>
  body.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl)
