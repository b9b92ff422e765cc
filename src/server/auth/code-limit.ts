import { and, count, desc, eq, gt, ne } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { loginAttempts } from '../db/schema.ts'
import type { LimitPolicy } from './rate-limit.ts'

/**
 * Two-factor codes are limited per address (like passwords, decision 0205) and, since an attacker
 * who knows the password can send codes from any number of addresses, per account too (one owner,
 * one account; decision 0206): every code checked is a row under this key.
 */
export const ACCOUNT_CODES_KEY = 'second-factor-account'

/**
 * Past 10 wrong codes in 15 minutes, one code is checked every 15 s for the account, whatever the
 * address: at most 5,760 a day. A request waits up to 5 s for its turn, else 429 with Retry-After.
 * Rows are kept 30 days, so the owner can be told what failed while they were away.
 */
export const accountCodeLimit: LimitPolicy = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  intervalMs: 15_000,
  maxWaitMs: 5_000,
  keepMs: 30 * 24 * 3600 * 1000,
}

export interface FailedCodes {
  count: number
  /** What the gate shows the owner. */
  notice: string
}

export function failedCodesNotice(n: number, sinceLastLogin: boolean): string {
  const codes = n === 1 ? '1 wrong two-factor code was' : `${n} wrong two-factor codes were`
  const when = sinceLastLogin ? 'since your last login' : 'in the last 30 days'
  // A code can be entered only after the right password.
  return `${codes} entered ${when}. If they were not yours, someone knows your password: change it in the System tab.`
}

/**
 * The wrong codes since the owner's last login with a code (the account's last success), this
 * attempt aside; undefined when there were none. Without a last login in the 30 days kept, the
 * count covers those 30 days and says so.
 */
export async function failedCodesBefore(attemptId: number): Promise<FailedCodes | undefined> {
  const key = eq(loginAttempts.clientKey, ACCOUNT_CODES_KEY)
  const [last] = await db()
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(key, eq(loginAttempts.succeeded, true)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(1)
  const [row] = await db()
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        key,
        eq(loginAttempts.succeeded, false),
        ne(loginAttempts.id, attemptId),
        last ? gt(loginAttempts.attemptedAt, last.at) : undefined,
      ),
    )
  const n = row?.n ?? 0
  return n > 0 ? { count: n, notice: failedCodesNotice(n, last !== undefined) } : undefined
}
