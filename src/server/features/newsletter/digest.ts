import { and, desc, eq, gt, lte } from 'drizzle-orm'
import { digestPeriod, type DigestFrequency } from '../../../lib/newsletter/digest-rules.ts'
import { db } from '../../db/client.ts'
import { newsArticles } from '../../db/schema.ts'
import type { Platform } from '../../platform.ts'
import {
  createDigest,
  createDigestJob,
  getDigest,
  lastDigest,
  recipientCounts,
  reserveDigestId,
  resolveInDoubt,
} from './digests.repo.ts'
import {
  composeDigest,
  digestCampaign,
  digestPageUrl,
  newsletterPageUrl,
  personalized,
  previewPageUrl,
  type ComposedEmail,
  type DigestSource,
} from './compose.ts'
import {
  arrangeArticles,
  heldForPostalAddress,
  planRows,
  POSTAL_ADDRESS_MISSING,
  type DigestPlan,
} from '../../../lib/newsletter/digest-plan.ts'
import { getDigestPlan, getPostalAddress } from './digest-plan.repo.ts'
import { subscriberCounts } from './newsletter.repo.ts'
import { newsletterKey, previewToken, previewTokenValid } from './tokens.ts'
import { getSchedulerConfig } from '../../repos/scheduler.repo.ts'

/**
 * Making a digest (docs/decisions/0802): the articles published since the last one (at most a week,
 * or a day, back), rendered once, and the list of confirmed addresses at that moment. A period
 * without new articles makes an empty digest that goes to nobody.
 */
const articleColumns = {
  id: newsArticles.id,
  title: newsArticles.title,
  // The address's words (decision 0871) and the text the digest's excerpt is cut from.
  slug: newsArticles.slug,
  content: newsArticles.content,
  excerpt: newsArticles.excerpt,
  imageUrl: newsArticles.imageUrl,
  category: newsArticles.category,
}

/** Published articles dated after `start`, up to `end`, newest first. */
export async function articlesBetween(start: Date, end: Date): Promise<DigestSource[]> {
  return db()
    .select(articleColumns)
    .from(newsArticles)
    .where(
      and(eq(newsArticles.status, 'published'), gt(newsArticles.timestamp, start), lte(newsArticles.timestamp, end)),
    )
    .orderBy(desc(newsArticles.timestamp), desc(newsArticles.id))
    .limit(200)
}

export interface DigestPreview extends ComposedEmail {
  frequency: DigestFrequency
  periodStart: Date
  periodEnd: Date
  /** The articles the digest carries, in its order. */
  articles: { id: number; title: string }[]
  /** Every article of the period in the owner's order, with whether the digest carries it. */
  rows: { id: number; title: string; included: boolean }[]
  /** The owner's plan as saved (decision 0874). */
  plan: DigestPlan
  postalAddress: string
  /** The digest would not be sent now: the list needs a postal address first. */
  held: string | null
  /** No new articles: the next digest would not be sent; the preview shows the latest ones instead. */
  empty: boolean
}

/**
 * What a digest made now would be: its period, articles (as the owner arranged them) and bodies.
 * With nothing new, the latest three articles stand in, so the owner can see (and test-send) what
 * a digest looks like. Its 'view in browser' link opens this preview, signed for a week.
 */
export async function previewDigest(frequency: DigestFrequency, now: Date): Promise<DigestPreview> {
  const period = digestPeriod((await lastDigest())?.periodEnd, now, frequency)
  let periodArticles = await articlesBetween(period.start, period.end)
  const empty = periodArticles.length === 0
  if (empty)
    periodArticles = await db()
      .select(articleColumns)
      .from(newsArticles)
      .where(and(eq(newsArticles.status, 'published'), lte(newsArticles.timestamp, now)))
      .orderBy(desc(newsArticles.timestamp), desc(newsArticles.id))
      .limit(3)
  const [plan, postalAddress, counts, key] = await Promise.all([
    getDigestPlan(),
    getPostalAddress(),
    subscriberCounts(),
    newsletterKey(),
  ])
  const articles = arrangeArticles(periodArticles, plan)
  const composed = await composeDigest(articles, frequency, {
    campaign: digestCampaign(period.end),
    intro: plan.intro,
    postalAddress,
    viewUrl: previewPageUrl(previewToken(key, now)),
  })
  return {
    ...composed,
    frequency,
    periodStart: period.start,
    periodEnd: period.end,
    articles: articles.map(({ id, title }) => ({ id, title })),
    rows: planRows(periodArticles, plan).map(({ id, title, included }) => ({ id, title, included })),
    plan,
    postalAddress,
    held: heldForPostalAddress(counts.confirmed, postalAddress) ? POSTAL_ADDRESS_MISSING : null,
    empty,
  }
}

export type MadeDigest =
  | { kind: 'started'; digestId: number; jobId: number; recipients: number }
  | { kind: 'empty'; digestId: number }
  /** Not made: the list needs the sender's postal address first; its articles wait for the next slot. */
  | { kind: 'held'; message: string }
  /** Another tick made this slot's digest. */
  | { kind: 'taken' }

/** Makes the slot's digest and hands its job to the runner (the background function in production). */
export async function makeDigest(
  platform: Platform,
  slot: { slotKey: string; frequency: DigestFrequency; now: Date },
): Promise<MadeDigest> {
  const period = digestPeriod((await lastDigest())?.periodEnd, slot.now, slot.frequency)
  const periodArticles = await articlesBetween(period.start, period.end)
  const [plan, postalAddress, counts] = await Promise.all([getDigestPlan(), getPostalAddress(), subscriberCounts()])
  const articles = arrangeArticles(periodArticles, plan)
  if (articles.length > 0 && heldForPostalAddress(counts.confirmed, postalAddress))
    return { kind: 'held', message: POSTAL_ADDRESS_MISSING }
  // The digest's id is taken first: its 'view in browser' link names it.
  const id = await reserveDigestId()
  const composed = articles.length
    ? await composeDigest(articles, slot.frequency, {
        campaign: digestCampaign(period.end),
        intro: plan.intro,
        postalAddress,
        viewUrl: digestPageUrl(id),
      })
    : { subject: 'No new articles', html: '', text: '' }
  const made = await createDigest({
    id,
    // The owner's plan served this period's articles; an intro written before any was published waits.
    clearPlan: periodArticles.length > 0,
    slotKey: slot.slotKey,
    frequency: slot.frequency,
    periodStart: period.start,
    periodEnd: period.end,
    articleIds: articles.map((a) => a.id),
    subject: composed.subject,
    html: composed.html,
    textBody: composed.text,
  })
  if (!made) return { kind: 'taken' }
  if (made.jobId === undefined) return { kind: 'empty', digestId: made.digest.id }
  await platform.launchJob(platform, made.jobId)
  return { kind: 'started', digestId: made.digest.id, jobId: made.jobId, recipients: made.digest.recipients }
}

/**
 * The owner's choice for recipients a dead sender left claimed: 'skip' gives them up; 'resend' puts
 * them back and starts a job that sends to them (and to anyone still waiting). Answers how many
 * changed and the job started, if any.
 */
export async function decideInDoubt(
  platform: Platform,
  digestId: number,
  choice: 'resend' | 'skip',
): Promise<{ changed: number; jobId?: number }> {
  const changed = await resolveInDoubt(digestId, choice)
  if (choice === 'skip' || changed === 0) return { changed }
  const counts = await recipientCounts(digestId)
  const jobId = await createDigestJob(digestId, counts.pending)
  await platform.launchJob(platform, jobId)
  return { changed, jobId }
}

/** A stopped digest (the mail server did not take its messages) goes on where it stopped. */
export async function resumeDigest(platform: Platform, digestId: number): Promise<number | undefined> {
  const digest = await getDigest(digestId)
  if (!digest || digest.status !== 'stopped') return undefined
  const counts = await recipientCounts(digestId)
  const jobId = await createDigestJob(digestId, counts.pending)
  await platform.launchJob(platform, jobId)
  return jobId
}

/**
 * A digest as a page on the site ('View this email in your browser', decision 0874): a digest that
 * went out (or is going out), as its recipients got it, its unsubscribe link the sign-up page (the
 * page is nobody's own); or, with a test email's signed link, the preview as it would go out now.
 * Undefined for anything else: an empty digest, an unknown id, a preview link that is not ours or
 * has expired.
 */
export async function digestPage(which: string, token: string | null, now = new Date()): Promise<string | undefined> {
  if (which === 'preview') {
    if (!token || !previewTokenValid(await newsletterKey(), token, now)) return undefined
    const preview = await previewDigest((await getSchedulerConfig()).digest.frequency, now)
    return personalized(preview.html, newsletterPageUrl)
  }
  if (!/^[1-9][0-9]{0,9}$/.test(which) || Number(which) > 2_147_483_647) return undefined
  const digest = await getDigest(Number(which))
  if (!digest || digest.status === 'empty' || digest.html === '') return undefined
  return personalized(digest.html, newsletterPageUrl)
}
