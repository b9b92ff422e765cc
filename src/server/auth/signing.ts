import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

/**
 * The one way this server signs what it hands out and checks it when it comes back: the jobs
 * function's calls (src/server/jobs/job-signature.ts) and the newsletter's email links
 * (docs/decisions/0803). HMAC-SHA256 with a key that is the environment's when it sets one, else a
 * random one made once and kept in the database (no configuration needed; it is never sent anywhere).
 */

/**
 * The key named `name`: `configured` when the environment sets one, else the database's (made on
 * first use). Read on each call (one small query): a copy kept in memory would outlive a restored
 * database.
 */
export async function signingKey(name: string, configured?: string): Promise<string> {
  if (configured) return configured
  await db()
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db().select().from(serverSecrets).where(eq(serverSecrets.name, name))
  return row!.value
}

/** The HMAC-SHA256 of `payload` under `key`, as hex or base64url (without padding). */
export const mac = (key: string, payload: string, encoding: 'hex' | 'base64url' = 'base64url') =>
  createHmac('sha256', key).update(payload).digest(encoding)

/**
 * Whether `given` is exactly the MAC of `payload`: compared as written, in constant time, so that
 * one spelling verifies and no other (a decoder that skips foreign characters, or the last
 * character's unused bits, would let `...AbC!!` verify as `...AbC`).
 */
export function macMatches(key: string, payload: string, given: string, encoding: 'hex' | 'base64url' = 'base64url') {
  const expected = Buffer.from(mac(key, payload, encoding), 'latin1')
  const offered = Buffer.from(given, 'latin1')
  return offered.length === expected.length && timingSafeEqual(offered, expected)
}
