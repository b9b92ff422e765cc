import { sql } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import type { OutboundOptions } from '../../external/config.ts'
import { OutboundError, sendOutbound } from '../../external/outbound.ts'
import { backoffMs, MAX_ATTEMPTS } from './deliver.ts'
import { retryAfterMs } from './networks.ts'
import { getWebhook, openedWebhook, type WebhookDeliveryRow } from './webhooks.repo.ts'
import { webhookHeaders } from './standard-webhooks.ts'

const CLAIM_MS = 2 * 60_000
const RUN_LIMIT = 50

export interface WebhookReport {
  delivered: number
  retried: number
  failed: number
}

/**
 * Sends the webhook deliveries that are due (docs/decisions/0860), each signed at its attempt
 * (Standard Webhooks: the same message id every time). In order per webhook and subject: a
 * delivery is taken only when no earlier one of its webhook and subject still waits, so a receiver
 * sees an article's events in the order they happened. A 2xx delivers; 429, 5xx, a redirect or no
 * answer is tried again with backoff; after MAX_ATTEMPTS, or on another 4xx, it fails (the owner
 * can redeliver it).
 */
export async function deliverWebhooks(options: OutboundOptions, now = new Date()): Promise<WebhookReport> {
  // A sender that stopped mid-send: the receiver dedupes by message id, so it is simply sent again.
  await db().execute(sql`
    update webhook_deliveries set status = 'waiting'
    where status = 'sending' and claimed_until < ${now.toISOString()}::timestamptz`)
  const claimed = await db().execute<WebhookDeliveryRow>(sql`
    update webhook_deliveries set status = 'sending', attempts = attempts + 1,
      claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    where id in (
      select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
      where d.status = 'waiting' and d.next_attempt_at <= greatest(${now.toISOString()}::timestamptz, now()) and w.enabled
        and not exists (
          select 1 from webhook_deliveries e
          where e.webhook_id = d.webhook_id and e.subject = d.subject and e.id < d.id
            and e.status in ('waiting', 'sending')
        )
      order by d.id limit ${RUN_LIMIT}
      for update of d skip locked
    )
    returning id, message_id as "messageId", webhook_id as "webhookId", subject, payload, attempts`)
  const report: WebhookReport = { delivered: 0, retried: 0, failed: 0 }
  await Promise.all(claimed.map((row) => deliverOne(options, row, now, report)))
  return report
}

async function deliverOne(options: OutboundOptions, row: WebhookDeliveryRow, now: Date, report: WebhookReport) {
  const webhook = await getWebhook(row.webhookId)
  const { url, secret } = webhook ? openedWebhook(webhook) : {}
  let status: number | null = null
  let answer: string
  let retry = false
  let afterMs: number | undefined
  if (!url || !secret) {
    answer = "The webhook's address or secret cannot be read with this site's SECRETS_KEY: add it again."
  } else {
    const body = JSON.stringify(row.payload)
    try {
      const reply = await sendOutbound({
        url,
        method: 'POST',
        headers: webhookHeaders(secret, row.messageId, body, new Date()),
        body,
        timeoutMs: options.timeoutMs,
        rules: options.rules,
      })
      status = reply.status
      answer = reply.text.replace(/\s+/g, ' ').trim().slice(0, 500)
      if (status >= 200 && status < 300) {
        report.delivered++
        await db().execute(sql`
          update webhook_deliveries set status = 'delivered', claimed_until = null, answer_status = ${status},
            answer = ${answer}, delivered_at = ${now.toISOString()}::timestamptz
          where id = ${row.id}`)
        return
      }
      retry = status === 429 || status >= 500 || (status >= 300 && status < 400)
      if (status >= 300 && status < 400) answer = `Redirected (${status}): webhooks are not sent on to another address.`
      if (status === 429) afterMs = retryAfterMs(reply)
    } catch (error) {
      answer = error instanceof OutboundError ? error.message : 'The call failed.'
      retry = !(error instanceof OutboundError && error.kind === 'refused')
    }
  }
  if (retry && row.attempts < MAX_ATTEMPTS) {
    report.retried++
    const wait = afterMs === undefined ? backoffMs(row.attempts) : Math.min(3_600_000, Math.max(1000, afterMs))
    await db().execute(sql`
      update webhook_deliveries set status = 'waiting', claimed_until = null, answer_status = ${status},
        answer = ${answer}, next_attempt_at = ${new Date(now.getTime() + wait).toISOString()}::timestamptz
      where id = ${row.id}`)
    return
  }
  report.failed++
  await db().execute(sql`
    update webhook_deliveries set status = 'failed', claimed_until = null, answer_status = ${status}, answer = ${answer}
    where id = ${row.id}`)
}
