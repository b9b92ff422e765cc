import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Webhook signatures as the Standard Webhooks specification (1.0) writes them, so a receiver can
 * check ours with any of its libraries: the secret is `whsec_` and base64 of random bytes; each
 * delivery carries `webhook-id` (the message's id, the same on a redelivery), `webhook-timestamp`
 * (Unix seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` under the secret's bytes).
 */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64')

export const signature = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`

/** The headers of one delivery attempt. */
export function webhookHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  }
}

/** How far a delivery's timestamp may be from the receiver's clock (the specification's advice). */
export const TIMESTAMP_TOLERANCE_S = 5 * 60

/**
 * What a receiver does (our tests', and docs/channels.md's example): the signature over the raw body
 * is one of those given, compared in constant time, and the timestamp within five minutes.
 */
export function verifyWebhook(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now = new Date(),
): boolean {
  const { id, timestamp, signature: given } = headers
  if (!id || !timestamp || !given || !/^\d+$/.test(timestamp)) return false
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return false
  const expected = Buffer.from(signature(secret, id, Number(timestamp), body))
  return given.split(' ').some((one) => {
    const offered = Buffer.from(one)
    return offered.length === expected.length && timingSafeEqual(offered, expected)
  })
}

/** A new message id: `msg_` and 24 random characters. */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`
