import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import {
  newsletterConsents,
  newsletterDigestRecipients,
  newsletterMailboxLimits,
  newsletterSignupAttempts,
  newsletterSubscribers,
} from '../../db/schema.ts'
import type { Tx } from '../../revisions/keep.ts'

/**
 * The newsletter's subscribers and what each agreed to (docs/decisions/0800). Addresses come here
 * already checked and lowercased (src/lib/newsletter/email-address.ts).
 */
export type Subscriber = typeof newsletterSubscribers.$inferSelect
export type Consent = typeof newsletterConsents.$inferSelect
export type SubscriberStatus = Subscriber['status']

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** A second sign-up of a mailbox within this long after its last email (confirmation or 'already subscribed') sends none. */
export const CONFIRMATION_INTERVAL_MS = HOUR_MS
/** A pending address (never confirmed) is forgotten this long after its last sign-up. */
export const PENDING_KEPT_MS = 7 * DAY_MS
/** Sign-ups from one network within an hour before it is refused (429). */
export const SIGNUPS_PER_NETWORK_PER_HOUR = 20

export type SignUpResult =
  /**
   * An email is now due, sent after the answer (subscriptions.ts, sendDueSignUpMail): the
   * confirmation of a new, pending or unsubscribed address, or the 'already subscribed' notice of a
   * confirmed one (issue 45).
   */
  | { send: 'confirmation' | 'notice' }
  /** Nothing to send: a bounced address, or the mailbox was sent one within the hour. */
  | { send: false }
  /** The network has used its sign-ups of the hour: refused, nothing kept. */
  | { tooMany: true }

/** A lock for one transaction, by name: the decisions of two sign-ups at once are taken in turn. */
const lockFor = (tx: Tx, name: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)

/**
 * A sign-up, decided in one transaction (issue 42: counted and written outside any lock, 100
 * sign-ups at once sent 100 emails): first the network's allowance of the hour (a lock per network,
 * then its count and this attempt), then the mailbox's (a lock per canonical mailbox: one email an
 * hour whatever its spelling), then the address: a new address is stored as pending with its
 * consent (the line shown, the page); a pending or unsubscribed one gets a new consent. A confirmed
 * address gets no consent (it gave one) but its 'already subscribed' notice (`noticeDueAt`, issue
 * 45: the reader who typed it again learns it from their inbox, and the page still says the same
 * for every address); a bounced one changes nothing. The email is due from now, and sent after the
 * answer, so that every answer takes the same time.
 */
export async function recordSignUp(input: {
  email: string
  mailbox: string
  network: string
  page: string
  text: string
  now: Date
}): Promise<SignUpResult> {
  return db().transaction(async (tx) => {
    await lockFor(tx, `newsletter-network:${input.network}`)
    const [attempts] = await tx
      .select({ n: count() })
      .from(newsletterSignupAttempts)
      .where(
        and(
          eq(newsletterSignupAttempts.network, input.network),
          gt(newsletterSignupAttempts.at, new Date(input.now.getTime() - HOUR_MS)),
        ),
      )
    if ((attempts?.n ?? 0) >= SIGNUPS_PER_NETWORK_PER_HOUR) return { tooMany: true }
    await tx.insert(newsletterSignupAttempts).values({ network: input.network, at: input.now })

    await lockFor(tx, `newsletter-mailbox:${input.mailbox}`)
    await tx
      .insert(newsletterSubscribers)
      .values({ email: input.email, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
    const [subscriber] = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, input.email))
      .for('update')
    // The rest in one statement, run whatever it decides, so that a known address's answer takes
    // the same statements, and so the same time, as a new one's (issue 42): the mailbox's hour; the
    // pending address's week started again, or the confirmed one's notice due; the consent of an
    // address not confirmed, with its confirmation due.
    const since = new Date(input.now.getTime() - CONFIRMATION_INTERVAL_MS).toISOString()
    const now = input.now.toISOString()
    const [decided] = await tx.execute<{ consent_id: number | null; notices: number | string }>(sql`
      with allowed as (
        select s.status = 'confirmed' as subscribed from ${newsletterSubscribers} s
        where s.id = ${subscriber!.id} and s.status <> 'bounced'
          and not exists (
            select 1 from ${newsletterMailboxLimits} l
            where l.mailbox = ${input.mailbox} and l.sent_at > ${since}::timestamptz
          )
      ), hour as (
        insert into ${newsletterMailboxLimits} (mailbox, sent_at)
        select ${input.mailbox}, ${now}::timestamptz from allowed
        on conflict (mailbox) do update set sent_at = excluded.sent_at
        returning 1
      ), touched as (
        update ${newsletterSubscribers} s set updated_at = ${now}::timestamptz,
          notice_due_at = case when s.status = 'confirmed' then ${now}::timestamptz else s.notice_due_at end
        where s.id = ${subscriber!.id} and exists (select 1 from allowed)
        returning 1
      ), consent as (
        insert into ${newsletterConsents} (subscriber_id, page, text, created_at, mail_due_at)
        select ${subscriber!.id}, ${input.page}, ${input.text}, ${now}::timestamptz, ${now}::timestamptz
        from allowed where not subscribed
        returning id
      )
      select (select id from consent) as consent_id, (select count(*) from allowed where subscribed) as notices,
        (select count(*) from hour) + (select count(*) from touched) as touched`)
    if (decided?.consent_id) return { send: 'confirmation' }
    return Number(decided?.notices ?? 0) > 0 ? { send: 'notice' } : { send: false }
  })
}

/** A confirmation email that is due, claimed by one sender (its due time cleared in the same statement). */
export interface DueConfirmation {
  subscriberId: number
  consentId: number
  email: string
}

/**
 * Claims the confirmation emails due at `dueBy` or before, at most `limit`: each is taken by one
 * sender only (the update clears its due time), so a request's background work and the scheduler
 * never send one twice.
 */
export async function claimDueConfirmations(dueBy: Date, limit: number): Promise<DueConfirmation[]> {
  const rows = await db().execute<{ consent_id: number; subscriber_id: number; email: string }>(sql`
    with due as (
      select c.id from ${newsletterConsents} c
      where c.mail_due_at is not null and c.mail_due_at <= ${dueBy.toISOString()}::timestamptz
      order by c.mail_due_at
      limit ${limit}
      for update skip locked
    )
    update ${newsletterConsents} c set mail_due_at = null
    from due, ${newsletterSubscribers} s
    where c.id = due.id and s.id = c.subscriber_id
    returning c.id as consent_id, c.subscriber_id, s.email`)
  return rows.map((r) => ({ consentId: r.consent_id, subscriberId: r.subscriber_id, email: r.email }))
}

/**
 * The 'already subscribed' emails due at `dueBy` or before, at most `limit`, each claimed by one
 * sender (its due time cleared in the same statement), as claimDueConfirmations does. An address
 * that is no longer confirmed (it unsubscribed or bounced since) is cleared and not returned.
 */
export async function claimDueNotices(dueBy: Date, limit: number): Promise<{ subscriberId: number; email: string }[]> {
  const rows = await db().execute<{ id: number; email: string; status: SubscriberStatus }>(sql`
    with due as (
      select s.id from ${newsletterSubscribers} s
      where s.notice_due_at is not null and s.notice_due_at <= ${dueBy.toISOString()}::timestamptz
      order by s.notice_due_at
      limit ${limit}
      for update skip locked
    )
    update ${newsletterSubscribers} s set notice_due_at = null
    from due
    where s.id = due.id
    returning s.id, s.email, s.status`)
  return rows.filter((r) => r.status === 'confirmed').map((r) => ({ subscriberId: Number(r.id), email: r.email }))
}

/** The mail server took the confirmation email: the hour without another one starts now. */
export async function markConfirmationSent(subscriberId: number, at: Date): Promise<void> {
  await db()
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: at })
    .where(eq(newsletterSubscribers.id, subscriberId))
}

/** The confirmation email could not be sent: the panel shows why, and a new sign-up sends it again. */
export async function markConfirmationFailed(consentId: number, error: string): Promise<void> {
  await db()
    .update(newsletterConsents)
    .set({ sendError: error.slice(0, 500) })
    .where(eq(newsletterConsents.id, consentId))
}

export type ConfirmResult =
  | { kind: 'confirmed'; email: string }
  /** Used before; `subscribed`: the address is confirmed now (issue 45: the reader is told so again). */
  | { kind: 'used'; subscribed: boolean }
  | { kind: 'missing' }

/**
 * Uses a confirmation link, once: its consent is marked confirmed and the address subscribed. A
 * link used before answers 'used', saying whether the address is subscribed now; one whose consent
 * is gone (the address erased, or forgotten after a week pending) answers 'missing'. Either way
 * nothing changes.
 */
export async function confirmConsent(consentId: number, now: Date): Promise<ConfirmResult> {
  return db().transaction(async (tx) => {
    const [consent] = await tx
      .update(newsletterConsents)
      .set({ confirmedAt: now })
      .where(and(eq(newsletterConsents.id, consentId), isNull(newsletterConsents.confirmedAt)))
      .returning({ subscriberId: newsletterConsents.subscriberId })
    if (!consent) {
      const [existing] = await tx
        .select({ status: newsletterSubscribers.status })
        .from(newsletterConsents)
        .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterConsents.subscriberId))
        .where(eq(newsletterConsents.id, consentId))
      return existing ? { kind: 'used', subscribed: existing.status === 'confirmed' } : { kind: 'missing' }
    }
    const [subscriber] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
      .where(eq(newsletterSubscribers.id, consent.subscriberId))
      .returning({ email: newsletterSubscribers.email })
    return { kind: 'confirmed', email: subscriber!.email }
  })
}

/** What a confirmation link's page shows before the button is pressed. */
export async function consentForLink(
  consentId: number,
): Promise<{ confirmedAt: Date | null; createdAt: Date; email: string; status: SubscriberStatus } | undefined> {
  const [row] = await db()
    .select({
      confirmedAt: newsletterConsents.confirmedAt,
      createdAt: newsletterConsents.createdAt,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
    })
    .from(newsletterConsents)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterConsents.subscriberId))
    .where(eq(newsletterConsents.id, consentId))
  return row
}

export async function getSubscriber(id: number): Promise<Subscriber | undefined> {
  if (id <= 0) return undefined
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id))
  return row
}

export type UnsubscribeResult = { kind: 'unsubscribed' } | { kind: 'already' } | { kind: 'missing' }

/** Unsubscribes at once (RFC 8058's one click); an address unsubscribed or bounced already stays as it is. */
export async function unsubscribe(subscriberId: number, now: Date): Promise<UnsubscribeResult> {
  if (subscriberId <= 0) return { kind: 'missing' }
  const [row] = await db()
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
    .where(
      and(eq(newsletterSubscribers.id, subscriberId), inArray(newsletterSubscribers.status, ['pending', 'confirmed'])),
    )
    .returning({ id: newsletterSubscribers.id })
  if (row) return { kind: 'unsubscribed' }
  return (await getSubscriber(subscriberId)) ? { kind: 'already' } : { kind: 'missing' }
}

/** Permanent refusals from the mail server: these addresses are never mailed again. */
export async function markBounced(
  bounces: readonly { subscriberId: number; reason: string }[],
  now: Date,
): Promise<void> {
  for (const { subscriberId, reason } of bounces) {
    await db()
      .update(newsletterSubscribers)
      .set({ status: 'bounced', bouncedAt: now, bounceReason: reason.slice(0, 500), updatedAt: now })
      .where(eq(newsletterSubscribers.id, subscriberId))
  }
}

/**
 * An erasure request: the address, every consent it gave and its place in every digest's list
 * are deleted in one transaction (the digests' lists have no foreign key: see the schema).
 */
export async function eraseSubscriber(id: number): Promise<Subscriber | undefined> {
  return db().transaction(async (tx) => {
    const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning()
    if (row) await tx.delete(newsletterDigestRecipients).where(eq(newsletterDigestRecipients.subscriberId, id))
    return row
  })
}

export async function findSubscriberByEmail(
  email: string,
): Promise<(Subscriber & { consents: Consent[] }) | undefined> {
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
  if (!row) return undefined
  const consents = await db()
    .select()
    .from(newsletterConsents)
    .where(eq(newsletterConsents.subscriberId, row.id))
    .orderBy(desc(newsletterConsents.createdAt), desc(newsletterConsents.id))
  return { ...row, consents }
}

export async function subscriberCounts(): Promise<Record<SubscriberStatus, number>> {
  const rows = await db()
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status)
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 }
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/** Confirmations and losses (unsubscribed, bounced) per week since `since`, weeks starting Monday 00:00 UTC. */
export async function growthSince(since: Date): Promise<{ week: string; confirmed: number; left: number }[]> {
  const week = (column: unknown) => sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`
  const confirmed = await db()
    .select({ week: week(newsletterSubscribers.confirmedAt), n: count() })
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), gt(newsletterSubscribers.confirmedAt, since)))
    .groupBy(sql`1`)
  const leftAt = sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${newsletterSubscribers.bouncedAt})`
  const left = await db()
    .select({ week: week(leftAt), n: count() })
    .from(newsletterSubscribers)
    .where(
      and(
        inArray(newsletterSubscribers.status, ['unsubscribed', 'bounced']),
        sql`${leftAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(sql`1`)
  const weeks = new Map<string, { week: string; confirmed: number; left: number }>()
  const entry = (w: string) => weeks.get(w) ?? weeks.set(w, { week: w, confirmed: 0, left: 0 }).get(w)!
  for (const row of confirmed) entry(row.week).confirmed = row.n
  for (const row of left) entry(row.week).left = row.n
  return [...weeks.values()]
}

/** Every address with its status and the page of its last consent, for the CSV export. */
export async function exportSubscribers(): Promise<
  (Pick<Subscriber, 'email' | 'status' | 'createdAt' | 'confirmedAt' | 'unsubscribedAt' | 'bouncedAt'> & {
    page: string | null
  })[]
> {
  return db()
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      bouncedAt: newsletterSubscribers.bouncedAt,
      // The subscriber's own consents: the outer row's id, named with its table (a bare "id" inside
      // the subquery is the consent's own, and gave every row the page of whichever consent had it).
      page: sql<
        string | null
      >`(select c.page from ${newsletterConsents} c where c.subscriber_id = ${newsletterSubscribers}."id" order by c.confirmed_at desc nulls last, c.id desc limit 1)`,
    })
    .from(newsletterSubscribers)
    .orderBy(newsletterSubscribers.email)
}

/** Confirmation emails of the last week that could not be sent (the mail server away), for the panel. */
export async function unsentConfirmations(now: Date): Promise<{ count: number; lastError: string | null }> {
  const rows = await db()
    .select({ sendError: newsletterConsents.sendError })
    .from(newsletterConsents)
    .where(
      and(
        isNotNull(newsletterConsents.sendError),
        isNull(newsletterConsents.confirmedAt),
        gt(newsletterConsents.createdAt, new Date(now.getTime() - PENDING_KEPT_MS)),
      ),
    )
    .orderBy(desc(newsletterConsents.createdAt), desc(newsletterConsents.id))
  return { count: rows.length, lastError: rows[0]?.sendError ?? null }
}

/**
 * Every scheduler tick: pending addresses whose last sign-up is a week old are forgotten with their
 * consents; consents never confirmed of other addresses too; the rate limit's rows after a day.
 */
export async function forgetStaleSignUps(now: Date): Promise<{ forgotten: number }> {
  const weekAgo = new Date(now.getTime() - PENDING_KEPT_MS)
  const forgotten = await db()
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, 'pending'), lt(newsletterSubscribers.updatedAt, weekAgo)))
    .returning({ id: newsletterSubscribers.id })
  await db()
    .delete(newsletterConsents)
    .where(and(isNull(newsletterConsents.confirmedAt), lt(newsletterConsents.createdAt, weekAgo)))
  await db()
    .delete(newsletterSignupAttempts)
    .where(or(lt(newsletterSignupAttempts.at, new Date(now.getTime() - DAY_MS))))
  await db()
    .delete(newsletterMailboxLimits)
    .where(lt(newsletterMailboxLimits.sentAt, new Date(now.getTime() - DAY_MS)))
  return { forgotten: forgotten.length }
}
