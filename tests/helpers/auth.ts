import { SESSION_COOKIE } from '../../src/server/auth/cookie.ts'
import { hashPassword } from '../../src/server/auth/password.ts'
import { db } from '../../src/server/db/client.ts'
import { adminCredentials } from '../../src/server/db/schema.ts'
import { createSession } from '../../src/server/auth/sessions.ts'
import { app, sendTo, type Sent } from './app.ts'

export const TEST_PASSWORD = 'correct horse battery'

const hashes = new Map<string, Promise<string>>()

/** Stores the admin password as a real Argon2id hash at the production cost (computed once per password and test file). */
export async function givenAdminPassword(password = TEST_PASSWORD): Promise<void> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password))
  const passwordHash = await hashes.get(password)!
  await db()
    .insert(adminCredentials)
    .values({ id: 1, passwordHash })
    .onConflictDoUpdate({ target: adminCredentials.id, set: { passwordHash } })
}

/** A live admin session without going through the (slow) login: answers the Cookie header value. */
export async function adminCookie(now?: Date): Promise<string> {
  const { id } = await createSession('vitest', now)
  return `${SESSION_COOKIE}=${id}`
}

export const cookieFrom = (res: Response): string | undefined => {
  const header = res.headers.get('set-cookie')
  const match = header && new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header)
  return match && match[1] ? `${SESSION_COOKIE}=${match[1]}` : undefined
}

export type { Sent } from './app.ts'

/** A request to the shared in-process app, JSON in and out, with the admin cookie when given. */
export const send = sendTo(app)

/** Logs in through the real route. */
export async function login(password = TEST_PASSWORD, ip = '203.0.113.7'): Promise<{ res: Sent; cookie?: string }> {
  // The client's address reaches the app as Netlify's function context (netlify/functions/api.mts).
  const res = await app.request(
    '/api/admin/login',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) },
    { context: { ip } },
  )
  const text = await res.text()
  return {
    res: { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers },
    cookie: cookieFrom(res),
  }
}
