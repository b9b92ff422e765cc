import { atom } from 'nanostores'
import { apiRequest } from '../../../lib/api-client.ts'
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
    await apiRequest('GET', '/api/admin/session')
    $session.set('open')
  } catch (error) {
    // Anything but a 401 (the server down, say) also shows the gate: logging in tells more.
    if (!isUnauthorized(error)) console.warn('[admin] session check failed', error)
    $session.set('locked')
  }
}

export type LoginResult = { ok: true } | { ok: false; lockedForSeconds?: number; message: string }

export async function login(password: string): Promise<LoginResult> {
  const res = await fetch('/api/admin/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  })
  if (res.ok) {
    $session.set('open')
    return { ok: true }
  }
  const body = (await res.json().catch(() => ({}))) as { message?: string }
  if (res.status === 429) {
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
    await apiRequest('POST', '/api/admin/logout')
  } finally {
    $session.set('locked')
  }
}
