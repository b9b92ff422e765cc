import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne, or } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { adminSessions } from '../db/schema.ts'

/** A session ends after 12 h without a request, and 7 days after login whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000
/** A session waiting for the second factor (docs/decisions/0206) lives this long and opens nothing. */
export const SECOND_FACTOR_PENDING_MS = 5 * 60 * 1000
/** last_seen_at is refreshed at most this often: most requests then read without writing. */
const TOUCH_EVERY_MS = 60 * 1000

export interface Session {
  idHash: string
  createdAt: Date
  lastSeenAt: Date
  expiresAt: Date
  /** The password was right, two-factor login is on, and no code has been given yet. */
  secondFactorPending: boolean
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex')

/**
 * Creates a session and answers its id: the only copy, it goes into the cookie. A session waiting
 * for the second factor expires within minutes.
 */
export async function createSession(
  userAgent = '',
  now = new Date(),
  { secondFactorPending = false } = {},
): Promise<{ id: string; session: Session }> {
  const id = randomBytes(32).toString('base64url')
  const [row] = await db()
    .insert(adminSessions)
    .values({
      idHash: hashSessionId(id),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (secondFactorPending ? SECOND_FACTOR_PENDING_MS : SESSION_ABSOLUTE_MS)),
      userAgent: userAgent.slice(0, 300),
      secondFactorPending,
    })
    .returning()
  return { id, session: row! }
}

/** The live session for a cookie value, or undefined (unknown, idle too long, or past its end). */
export async function findSession(id: string | undefined, now = new Date()): Promise<Session | undefined> {
  if (!id || id.length > 100) return undefined
  const idHash = hashSessionId(id)
  const [row] = await db()
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.idHash, idHash),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
  if (!row) return undefined
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db().update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.idHash, idHash))
    row.lastSeenAt = now
  }
  return row
}

export async function deleteSession(idHash: string): Promise<void> {
  await db().delete(adminSessions).where(eq(adminSessions.idHash, idHash))
}

/** Ends every session but the given one (after a password change), and prunes dead ones. */
export async function deleteOtherSessions(keepIdHash: string): Promise<void> {
  await db().delete(adminSessions).where(ne(adminSessions.idHash, keepIdHash))
}

export async function pruneSessions(now = new Date()): Promise<void> {
  await db()
    .delete(adminSessions)
    .where(
      or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    )
}
