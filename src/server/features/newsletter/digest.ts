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
  resolveInDoubt,
} from './digests.repo.ts'
import { composeDigest, digestCampaign, type ComposedEmail, type DigestSource } from './compose.ts'

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
  articles: { id: number; title: string }[]
  /** No new articles: the next digest would not be sent; the preview shows the latest ones instead. */
  empty: boolean
}

/**
 * What a digest made now would be: its period, articles and bodies. With nothing new, the latest
 * three articles stand in, so the owner can see (and test-send) what a digest looks like.
 */
export async function previewDigest(frequency: DigestFrequency, now: Date): Promise<DigestPreview> {
  const period = digestPeriod((await lastDigest())?.periodEnd, now, frequency)
  let articles = await articlesBetween(period.start, period.end)
  const empty = articles.length === 0
  if (empty)
    articles = await db()
      .select(articleColumns)
      .from(newsArticles)
      .where(and(eq(newsArticles.status, 'published'), lte(newsArticles.timestamp, now)))
      .orderBy(desc(newsArticles.timestamp), desc(newsArticles.id))
      .limit(3)
  const composed = await composeDigest(articles, frequency, digestCampaign(period.end))
  return {
    ...composed,
    frequency,
    periodStart: period.start,
    periodEnd: period.end,
    articles: articles.map(({ id, title }) => ({ id, title })),
    empty,
  }
}

export type MadeDigest =
  | { kind: 'started'; digestId: number; jobId: number; recipients: number }
  | { kind: 'empty'; digestId: number }
  /** Another tick made this slot's digest. */
  | { kind: 'taken' }

/** Makes the slot's digest and hands its job to the runner (the background function in production). */
export async function makeDigest(
  platform: Platform,
  slot: { slotKey: string; frequency: DigestFrequency; now: Date },
): Promise<MadeDigest> {
  const period = digestPeriod((await lastDigest())?.periodEnd, slot.now, slot.frequency)
  const articles = await articlesBetween(period.start, period.end)
  const composed = articles.length
    ? await composeDigest(articles, slot.frequency, digestCampaign(period.end))
    : { subject: 'No new articles', html: '', text: '' }
  const made = await createDigest({
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
