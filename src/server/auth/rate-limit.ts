import { and, desc, eq, gt, lt } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { loginAttempts } from '../db/schema.ts'

/** 5 failed logins per 15 minutes per client address, kept in the database (instances share nothing else). */
export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

/** The client's address as Netlify reports it; the first x-forwarded-for hop otherwise. */
export function clientKey(headers: Headers): string {
  const direct = headers.get('x-nf-client-connection-ip')?.trim()
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return (direct || forwarded || 'unknown').slice(0, 100)
}

/** Seconds until this client may try again, or 0 when it may try now. */
export async function loginRetryAfter(key: string, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS)
  const [lastSuccess] = await db()
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clientKey, key), eq(loginAttempts.succeeded, true), gt(loginAttempts.attemptedAt, windowStart)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(1)
  const since = lastSuccess && lastSuccess.at > windowStart ? lastSuccess.at : windowStart
  const failures = await db()
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clientKey, key), eq(loginAttempts.succeeded, false), gt(loginAttempts.attemptedAt, since)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(LOGIN_MAX_FAILURES)
  if (failures.length < LOGIN_MAX_FAILURES) return 0
  // Locked until the oldest of the last five failures leaves the window.
  const oldest = failures[failures.length - 1]!.at
  return Math.max(1, Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000))
}

export async function recordLoginAttempt(key: string, succeeded: boolean, now = new Date()): Promise<void> {
  await db().insert(loginAttempts).values({ clientKey: key, succeeded, attemptedAt: now })
  // Keep the table small: this client's rows older than a day serve no purpose.
  await db()
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.clientKey, key), lt(loginAttempts.attemptedAt, new Date(now.getTime() - 24 * 3600 * 1000))))
}
