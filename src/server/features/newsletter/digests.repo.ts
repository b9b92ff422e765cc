import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { jobs, newsletterDigestRecipients, newsletterDigests, newsletterSubscribers } from '../../db/schema.ts'
import { clearDigestPlan } from './digest-plan.repo.ts'

/**
 * The newsletter's digests and who each goes to (docs/decisions/0802): every recipient is claimed
 * here before its email is sent and marked after the mail server took it, so that no digest
 * reaches anyone twice, whatever stops the sender half-way.
 */
export type Digest = typeof newsletterDigests.$inferSelect
export type RecipientStatus = (typeof newsletterDigestRecipients.$inferSelect)['status']

export const DIGEST_JOB_KIND = 'newsletter-digest'

/** The last digest made (sent or not): the next one carries only what was published after it. */
export async function lastDigest(): Promise<Digest | undefined> {
  const [row] = await db()
    .select()
    .from(newsletterDigests)
    .orderBy(desc(newsletterDigests.periodEnd), desc(newsletterDigests.id))
    .limit(1)
  return row
}

export async function getDigest(id: number): Promise<Digest | undefined> {
  const [row] = await db().select().from(newsletterDigests).where(eq(newsletterDigests.id, id))
  return row
}

/** An id for the digest about to be made (its page's address is in its email). */
export async function reserveDigestId(): Promise<number> {
  const [row] = await db().execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('newsletter_digests', 'id'))::int as id`,
  )
  return Number(row!.id)
}

export interface NewDigest {
  id?: number
  /** The owner's plan of the next digest is used up by this one (decision 0874). */
  clearPlan?: boolean
  slotKey: string
  frequency: 'weekly' | 'daily'
  periodStart: Date
  periodEnd: Date
  articleIds: number[]
  subject: string
  html: string
  textBody: string
}

/**
 * Makes a digest for a slot, once (slot_key is unique): with articles, its list of recipients is
 * every confirmed address at this moment, and the job that sends it is created in the same
 * transaction; without, it is recorded as empty and goes to nobody. Answers undefined when another
 * tick made this slot's digest already.
 */
export async function createDigest(
  digest: NewDigest,
): Promise<{ digest: Digest; jobId: number | undefined } | undefined> {
  const { clearPlan, ...values } = digest
  return db().transaction(async (tx) => {
    const empty = digest.articleIds.length === 0
    const [row] = await tx
      .insert(newsletterDigests)
      .values({ ...values, status: empty ? 'empty' : 'sending', finishedAt: empty ? digest.periodEnd : null })
      .onConflictDoNothing({ target: newsletterDigests.slotKey })
      .returning()
    if (!row) return undefined
    if (clearPlan) await clearDigestPlan(tx)
    if (empty) return { digest: row, jobId: undefined }
    const inserted = await tx.execute<{ n: number }>(sql`
      with added as (
        insert into ${newsletterDigestRecipients} (digest_id, subscriber_id)
        select ${row.id}, id from ${newsletterSubscribers} where status = 'confirmed'
        returning 1
      )
      select count(*)::int as n from added`)
    const recipients = Number(inserted[0]?.n ?? 0)
    const [job] = await tx
      .insert(jobs)
      .values({ kind: DIGEST_JOB_KIND, input: { digestId: row.id }, total: recipients, result: { outcomes: [] } })
      .returning({ id: jobs.id })
    const [updated] = await tx
      .update(newsletterDigests)
      .set({ recipients, jobId: job!.id })
      .where(eq(newsletterDigests.id, row.id))
      .returning()
    return { digest: updated!, jobId: job!.id }
  })
}

export interface ClaimedRecipient {
  subscriberId: number
  /** Undefined when the address was erased since the digest was made. */
  email: string | undefined
  /** Confirmed still? Anything else is skipped, never sent. */
  subscribed: boolean
}

/**
 * Claims up to `limit` recipients still waiting, for this sender only: one UPDATE of rows locked
 * with SKIP LOCKED, so two senders never claim the same row. A claimed row is sent next and then
 * marked; one left claimed by a sender that died is never claimed again.
 */
export async function claimRecipients(digestId: number, limit: number, now: Date): Promise<ClaimedRecipient[]> {
  const claimed = await db().execute<{ subscriber_id: number }>(sql`
    with picked as (
      select subscriber_id from ${newsletterDigestRecipients}
      where digest_id = ${digestId} and status = 'pending'
      order by subscriber_id
      limit ${limit}
      for update skip locked
    )
    update ${newsletterDigestRecipients} r
    set status = 'claimed', claimed_at = ${now.toISOString()}::timestamptz, attempts = r.attempts + 1
    from picked
    where r.digest_id = ${digestId} and r.subscriber_id = picked.subscriber_id
    returning r.subscriber_id`)
  const ids = claimed.map((r) => Number(r.subscriber_id))
  if (ids.length === 0) return []
  const subscribers = await db()
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.id, ids))
  const byId = new Map(subscribers.map((s) => [s.id, s]))
  return ids
    .sort((a, b) => a - b)
    .map((id) => ({
      subscriberId: id,
      email: byId.get(id)?.email,
      subscribed: byId.get(id)?.status === 'confirmed',
    }))
}

export interface BatchOutcome {
  sent: number[]
  /** Refused for good: a bounced address or a rejected message. */
  failed: { subscriberId: number; error: string }[]
  /** No longer subscribed when their turn came. */
  skipped: number[]
  /** Not taken this time (a 4xx, no connection): waiting again for the next batch. */
  retry: { subscriberId: number; error: string }[]
}

/** Marks what became of a claimed batch, in one transaction; only rows still claimed change. */
export async function recordBatch(digestId: number, outcome: BatchOutcome, now: Date): Promise<void> {
  const claimedIn = (ids: number[]) =>
    and(
      eq(newsletterDigestRecipients.digestId, digestId),
      eq(newsletterDigestRecipients.status, 'claimed'),
      inArray(newsletterDigestRecipients.subscriberId, ids),
    )
  await db().transaction(async (tx) => {
    if (outcome.sent.length)
      await tx
        .update(newsletterDigestRecipients)
        .set({ status: 'sent', sentAt: now, error: null })
        .where(claimedIn(outcome.sent))
    if (outcome.skipped.length)
      await tx.update(newsletterDigestRecipients).set({ status: 'skipped' }).where(claimedIn(outcome.skipped))
    for (const [status, list] of [
      ['failed', outcome.failed],
      ['pending', outcome.retry],
    ] as const) {
      for (const { subscriberId, error } of list) {
        await tx
          .update(newsletterDigestRecipients)
          .set({ status, error: error.slice(0, 500), claimedAt: status === 'pending' ? null : undefined })
          .where(claimedIn([subscriberId]))
      }
    }
  })
}

export type RecipientCounts = Record<RecipientStatus, number>

export async function recipientCounts(digestId: number): Promise<RecipientCounts> {
  const rows = await db()
    .select({ status: newsletterDigestRecipients.status, n: count() })
    .from(newsletterDigestRecipients)
    .where(eq(newsletterDigestRecipients.digestId, digestId))
    .groupBy(newsletterDigestRecipients.status)
  const counts: RecipientCounts = { pending: 0, claimed: 0, sent: 0, failed: 0, skipped: 0 }
  for (const row of rows) counts[row.status] = row.n
  return counts
}

export async function setDigestStatus(
  digestId: number,
  status: Digest['status'],
  fields: { lastError?: string | null; finishedAt?: Date | null; jobId?: number } = {},
): Promise<void> {
  await db()
    .update(newsletterDigests)
    .set({ status, ...fields, lastError: fields.lastError?.slice(0, 1000) ?? fields.lastError })
    .where(eq(newsletterDigests.id, digestId))
}

/** The last digests, newest first, each with its recipients counted by outcome. */
export async function listDigests(limit = 10): Promise<(Digest & { counts: RecipientCounts })[]> {
  const rows = await db()
    .select()
    .from(newsletterDigests)
    .orderBy(desc(newsletterDigests.createdAt), desc(newsletterDigests.id))
    .limit(limit)
  if (rows.length === 0) return []
  const grouped = await db()
    .select({
      digestId: newsletterDigestRecipients.digestId,
      status: newsletterDigestRecipients.status,
      n: count(),
    })
    .from(newsletterDigestRecipients)
    .where(
      inArray(
        newsletterDigestRecipients.digestId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(newsletterDigestRecipients.digestId, newsletterDigestRecipients.status)
  return rows.map((row) => {
    const counts: RecipientCounts = { pending: 0, claimed: 0, sent: 0, failed: 0, skipped: 0 }
    for (const g of grouped) if (g.digestId === row.id) counts[g.status] = g.n
    return { ...row, counts }
  })
}

/**
 * The owner's choice for the recipients a sender claimed and never marked (it died between the
 * two): 'resend' puts them back in the queue, 'skip' gives them up. Answers how many changed.
 */
export async function resolveInDoubt(digestId: number, choice: 'resend' | 'skip'): Promise<number> {
  const changed = await db()
    .update(newsletterDigestRecipients)
    .set(choice === 'resend' ? { status: 'pending', claimedAt: null } : { status: 'skipped' })
    .where(and(eq(newsletterDigestRecipients.digestId, digestId), eq(newsletterDigestRecipients.status, 'claimed')))
    .returning({ id: newsletterDigestRecipients.subscriberId })
  return changed.length
}

/** The addresses a claim was left on (the panel lists them with the choice). */
export async function inDoubtAddresses(digestId: number, limit = 50): Promise<string[]> {
  const rows = await db()
    .select({ email: newsletterSubscribers.email })
    .from(newsletterDigestRecipients)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDigestRecipients.subscriberId))
    .where(and(eq(newsletterDigestRecipients.digestId, digestId), eq(newsletterDigestRecipients.status, 'claimed')))
    .orderBy(newsletterSubscribers.email)
    .limit(limit)
  return rows.map((r) => r.email)
}

/** A new job for a digest that has recipients waiting again (after the owner chose to resend). */
export async function createDigestJob(digestId: number, total: number): Promise<number> {
  return db().transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({ kind: DIGEST_JOB_KIND, input: { digestId }, total, result: { outcomes: [] } })
      .returning({ id: jobs.id })
    await tx
      .update(newsletterDigests)
      .set({ jobId: job!.id, status: 'sending', finishedAt: null, lastError: null })
      .where(eq(newsletterDigests.id, digestId))
    return job!.id
  })
}
