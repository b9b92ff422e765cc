import { atom } from 'nanostores'
import { api, unwrap, unwrapOrNullOn401 } from '../../../lib/api-client.ts'
import { HttpError } from '../../../lib/http-error.ts'

/**
 * The admin session is the server's HttpOnly cookie: the island only knows whether the last call
 * proved it valid. 'expired' keeps the panel mounted under the gate, so open forms keep their text.
 */
export type SessionState = 'checking' | 'locked' | 'open' | 'expired'
export const $session = atom<SessionState>('checking')

export function markSessionExpired(): void {
  if ($session.get() === 'open') $session.set('expired')
}

/** Any call that answers 401 means the session is gone. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401
}

export async function checkSession(): Promise<void> {
  try {
    $session.set((await unwrapOrNullOn401(api.admin.session.$get())) ? 'open' : 'locked')
  } catch (error) {
    // The server down, say: the gate shows, and logging in tells more.
    console.warn('[admin] session check failed', error)
    $session.set('locked')
  }
}

export type LoginResult = { ok: true } | { ok: false; lockedForSeconds?: number; message: string }

export async function login(password: string): Promise<LoginResult> {
  const res = await api.admin.login.$post({ json: { password } })
  if (res.ok) {
    $session.set('open')
    return { ok: true }
  }
  const body = (await res.json().catch(() => ({}))) as { message?: string }
  // The route answers failures by throwing, so its type knows only 200; 401 and 429 come from there.
  if ((res.status as number) === 429) {
    const wait = Number(res.headers.get('Retry-After'))
    return {
      ok: false,
      lockedForSeconds: Number.isFinite(wait) && wait > 0 ? wait : 60,
      message: body.message ?? 'Too many failed login attempts. Please try again later.',
    }
  }
  return { ok: false, message: body.message ?? 'Invalid admin password' }
}

export async function logout(): Promise<void> {
  try {
    await unwrap(api.admin.logout.$post())
  } finally {
    $session.set('locked')
  }
}
