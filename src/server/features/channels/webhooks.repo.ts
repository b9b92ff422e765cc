import { articlePath } from '../../../lib/news-address.ts'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { SiteEventKind } from '../../../lib/site-events.ts'
import { open, seal } from '../../auth/secret-box.ts'
import { db } from '../../db/client.ts'
import { webhookDeliveries, webhooks } from '../../db/schema.ts'
import type { EventTx, StoredSiteEvent } from '../../events/site-events.ts'
import { siteUrl } from '../../../env.server.ts'
import { newMessageId, newWebhookSecret } from './standard-webhooks.ts'

export type WebhookRow = typeof webhooks.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect

const purposeOf = (id: number, part: 'url' | 'secret') => `webhook:${id}:${part}`

/** A webhook as the sender uses it: its address and secret opened (undefined under another SECRETS_KEY). */
export function openedWebhook(row: WebhookRow): { url?: string; secret?: string } {
  return { url: open(row.url, purposeOf(row.id, 'url')), secret: open(row.secret, purposeOf(row.id, 'secret')) }
}

export async function listWebhooks(): Promise<WebhookRow[]> {
  return db().select().from(webhooks).orderBy(webhooks.id)
}

export async function getWebhook(id: number): Promise<WebhookRow | undefined> {
  const [row] = await db().select().from(webhooks).where(eq(webhooks.id, id))
  return row
}

/**
 * Adds a webhook: its signing secret is made here and answered this once (the owner gives it to
 * the receiver); afterwards no route answers it.
 */
export async function addWebhook(url: string, events: SiteEventKind[]): Promise<{ row: WebhookRow; secret: string }> {
  const secret = newWebhookSecret()
  return db().transaction(async (tx) => {
    // The id first: each sealed value is bound to its row.
    const [made] = await tx
      .insert(webhooks)
      .values({ host: new URL(url).host, url: '', secret: '', events })
      .returning({ id: webhooks.id })
    const [row] = await tx
      .update(webhooks)
      .set({ url: seal(url, purposeOf(made!.id, 'url')), secret: seal(secret, purposeOf(made!.id, 'secret')) })
      .where(eq(webhooks.id, made!.id))
      .returning()
    return { row: row!, secret }
  })
}

export async function updateWebhook(
  id: number,
  values: { events?: SiteEventKind[]; enabled?: boolean },
): Promise<WebhookRow | undefined> {
  const [row] = await db()
    .update(webhooks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhooks.id, id))
    .returning()
  return row
}

export async function removeWebhook(id: number): Promise<boolean> {
  const gone = await db().delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id })
  return gone.length > 0
}

/**
 * What a receiver is sent for an event (Standard Webhooks' type, timestamp and data): what it is
 * about as `data.subject` ('article:12', 'championship:3'), which receivers key their order on, and an
 * article's address.
 */
export function payloadOf(event: StoredSiteEvent): Record<string, unknown> {
  const article = /^article:(\d+)$/.exec(event.subject)
  const url = article
    ? `${siteUrl}${articlePath({ id: Number(article[1]), slug: stringOr(event.data.slug), title: stringOr(event.data.title) ?? '' })}`
    : undefined
  const data = { subject: event.subject, ...event.data, ...(url ? { url } : {}) }
  return { type: event.kind, timestamp: event.at.toISOString(), data }
}

/** A string field of an event's data, or undefined (events stored before the field was added lack it). */
const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** One delivery per enabled webhook that asked for the event, in the dispatcher's transaction. */
export async function addWebhookDeliveries(tx: EventTx, event: StoredSiteEvent): Promise<void> {
  const wanting = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.enabled, true), sql`${event.kind} = any(${webhooks.events})`))
  if (wanting.length === 0) return
  await tx.insert(webhookDeliveries).values(
    wanting.map((w) => ({
      messageId: newMessageId(),
      webhookId: w.id,
      event: event.kind,
      subject: event.subject,
      payload: payloadOf(event),
    })),
  )
}

export async function recentWebhookDeliveries(webhookId: number, limit = 10): Promise<WebhookDeliveryRow[]> {
  return db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
}

/** Sends a delivery again, as it was (the same message id and body): due at once. */
export async function redeliver(webhookId: number, deliveryId: number): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db()
    .update(webhookDeliveries)
    .set({ status: 'waiting', nextAttemptAt: new Date(), attempts: 0, claimedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.webhookId, webhookId),
        sql`${webhookDeliveries.status} <> 'sending'`,
      ),
    )
    .returning()
  return row
}
