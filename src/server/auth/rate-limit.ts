import { and, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { NetlifyBindings } from '../http/netlify.ts'
import { db, type Database } from '../db/client.ts'
import { loginAttempts } from '../db/schema.ts'

/** 5 failed logins per 15 minutes per client address, kept in the database (instances share nothing else). */
export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
/**
 * Past the limit, an address is slowed down, not shut out (docs/decisions/0205): one password check
 * every 2 s, each request waiting for its turn, so the owner's right password still opens the panel
 * a moment later while guessing from that address crawls. A request whose turn is further away than
 * LOCKED_MAX_WAIT_MS is refused at once.
 */
export const LOCKED_CHECK_INTERVAL_MS = 2000
export const LOCKED_MAX_WAIT_MS = 4000
const DAY_MS = 24 * 3600 * 1000

/** How one key is limited: the login's per address above, or another (the account's codes). */
export interface LimitPolicy {
  /** Failures within `windowMs` (since the key's last success) before checks are spaced. */
  maxFailures: number
  windowMs: number
  /** Past the limit: one check per `intervalMs`, a request waiting at most `maxWaitMs` for its turn. */
  intervalMs: number
  maxWaitMs: number
  /** How long the key's rows are kept. */
  keepMs: number
}

export const loginLimit: LimitPolicy = {
  maxFailures: LOGIN_MAX_FAILURES,
  windowMs: LOGIN_WINDOW_MS,
  intervalMs: LOCKED_CHECK_INTERVAL_MS,
  maxWaitMs: LOCKED_MAX_WAIT_MS,
  keepMs: DAY_MS,
}

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
export async function loginRetryAfter(
  key: string,
  now = new Date(),
  q: Executor = db(),
  policy: LimitPolicy = loginLimit,
): Promise<number> {
  const windowStart = new Date(now.getTime() - policy.windowMs)
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
    .limit(policy.maxFailures)
  if (failures.length < policy.maxFailures) return 0
  // Locked until the oldest of the last five failures leaves the window.
  const oldest = failures[failures.length - 1]!.at
  return Math.max(1, Math.ceil((oldest.getTime() + policy.windowMs - now.getTime()) / 1000))
}

/**
 * Takes one login attempt for this client, or says how long it must wait. The check and the
 * record happen in one transaction under a lock on the client's key, so a burst of concurrent
 * requests cannot all pass the check before any of them is recorded. Past the limit an attempt gets
 * the next free turn (`waitMs`, at most LOCKED_MAX_WAIT_MS away; its row carries that time) and is
 * `locked`: a wrong password then answers 429. With `refuseWhenLocked` (the password checks of a
 * logged-in session: change password, two-factor off), an attempt past the limit is refused
 * instead, until the window has passed: decided under the same lock, so twelve requests at once
 * get five checks, not the six or seven a check before the lock let through. The attempt counts as
 * a failure until `loginSucceeded` marks it. An `exempt` attempt (the owner's known browser at the
 * account's limit, decision 0206) is recorded but never waits nor is refused.
 */
export async function takeLoginAttempt(
  key: string,
  now = new Date(),
  options: { refuseWhenLocked?: boolean; policy?: LimitPolicy; exempt?: boolean } = {},
): Promise<{ attemptId: number; waitMs: number; locked: boolean } | { retryAfter: number }> {
  const policy = options.policy ?? loginLimit
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`)
    const lockedFor = options.exempt ? 0 : await loginRetryAfter(key, now, tx, policy)
    if (lockedFor > 0 && options.refuseWhenLocked) return { retryAfter: lockedFor }
    const locked = lockedFor > 0
    let turn = now
    if (locked) {
      const [last] = await tx
        .select({ at: loginAttempts.attemptedAt })
        .from(loginAttempts)
        .where(eq(loginAttempts.clientKey, key))
        .orderBy(desc(loginAttempts.attemptedAt))
        .limit(1)
      const next = last ? last.at.getTime() + policy.intervalMs : now.getTime()
      if (next - now.getTime() > policy.maxWaitMs) {
        return { retryAfter: Math.ceil((next - now.getTime()) / 1000) }
      }
      turn = new Date(Math.max(next, now.getTime()))
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ clientKey: key, succeeded: false, attemptedAt: turn })
      .returning({ id: loginAttempts.id })
    // Keep the table small: this key's rows older than the policy keeps them serve no purpose.
    await tx
      .delete(loginAttempts)
      .where(
        and(eq(loginAttempts.clientKey, key), lt(loginAttempts.attemptedAt, new Date(now.getTime() - policy.keepMs))),
      )
    return { attemptId: row!.id, waitMs: turn.getTime() - now.getTime(), locked }
  })
}

/** The attempt found the right password: it no longer counts against the client. */
export async function loginSucceeded(attemptId: number): Promise<void> {
  await db().update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId))
}
