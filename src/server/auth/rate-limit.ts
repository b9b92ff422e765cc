import { and, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { NetlifyBindings } from '../http/netlify.ts'
import { db, type Database } from '../db/client.ts'
import { loginAttempts } from '../db/schema.ts'

/** 5 failed logins per 15 minutes per client address, kept in the database (instances share nothing else). */
export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

/**
 * The client's address as the platform saw the connection: Netlify's function context `ip`
 * (netlify/functions/api.mts passes the context to the app; the local runtime passes the socket's
 * address). Never a request header: a client can write any X-Forwarded-For it likes.
 */
export function clientKey(c: Context): string {
  const ip = (c.env as NetlifyBindings | undefined)?.context?.ip
  return (typeof ip === 'string' && ip ? ip : 'unknown').slice(0, 100)
}

/** The database, or a transaction on it. */
type Executor = Pick<Database, 'select' | 'insert' | 'delete' | 'execute'>

/** Seconds until this client may try again, or 0 when it may try now. */
export async function loginRetryAfter(key: string, now = new Date(), q: Executor = db()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS)
  const [lastSuccess] = await q
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.clientKey, key),
        eq(loginAttempts.succeeded, true),
        gt(loginAttempts.attemptedAt, windowStart),
      ),
    )
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(1)
  const since = lastSuccess && lastSuccess.at > windowStart ? lastSuccess.at : windowStart
  const failures = await q
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.clientKey, key), eq(loginAttempts.succeeded, false), gt(loginAttempts.attemptedAt, since)),
    )
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(LOGIN_MAX_FAILURES)
  if (failures.length < LOGIN_MAX_FAILURES) return 0
  // Locked until the oldest of the last five failures leaves the window.
  const oldest = failures[failures.length - 1]!.at
  return Math.max(1, Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000))
}

/**
 * Takes one login attempt for this client, or says how long it must wait. The check and the
 * record happen in one transaction under a lock on the client's key, so a burst of concurrent
 * requests cannot all pass the check before any of them is recorded: the sixth waits for the
 * fifth. The attempt counts as a failure until `loginSucceeded` marks it.
 */
export async function takeLoginAttempt(
  key: string,
  now = new Date(),
): Promise<{ attemptId: number } | { retryAfter: number }> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`)
    const retryAfter = await loginRetryAfter(key, now, tx)
    if (retryAfter > 0) return { retryAfter }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ clientKey: key, succeeded: false, attemptedAt: now })
      .returning({ id: loginAttempts.id })
    // Keep the table small: this client's rows older than a day serve no purpose.
    await tx
      .delete(loginAttempts)
      .where(
        and(
          eq(loginAttempts.clientKey, key),
          lt(loginAttempts.attemptedAt, new Date(now.getTime() - 24 * 3600 * 1000)),
        ),
      )
    return { attemptId: row!.id }
  })
}

/** The attempt found the right password: it no longer counts against the client. */
export async function loginSucceeded(attemptId: number): Promise<void> {
  await db().update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId))
}
