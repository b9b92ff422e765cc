import type { FailedAnswer } from '../../../lib/http-error.ts'
import { atom } from 'nanostores'
import { api, unwrap } from '../../../lib/api-client.ts'
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
    // 200 whether logged in or not: a 401 here was a console error on every visit to the gate.
    const state = await unwrap(api.admin.session.state.$get())
    $session.set(state.authenticated ? 'open' : 'locked')
  } catch (error) {
    // The server down, say: the gate shows, and logging in tells more.
    console.warn('[admin] session check failed', error)
    $session.set('locked')
  }
}

export type LoginResult =
  /** `failedCodes`: the wrong two-factor codes entered since the last login, in words (decision 0206). */
  | { ok: true; recoveryCodesLeft?: number; failedCodes?: string }
  /** The password was right and two-factor login is on: a code is needed (docs/decisions/0206). */
  | { ok: false; needsCode: true }
  /** The code step took longer than the waiting session lives: back to the password. */
  | { ok: false; startOver: true; message: string }
  | { ok: false; lockedForSeconds?: number; message: string }

/** A refused login or code: the route answers failures by throwing, so its type knows only 200. */
async function refused(
  res: FailedAnswer & { json(): Promise<unknown>; headers: Headers },
  fallback: string,
): Promise<LoginResult> {
  const body = (await res.json().catch(() => ({}))) as { message?: string }
  if (res.status === 429) {
    const wait = Number(res.headers.get('Retry-After'))
    return {
      ok: false,
      lockedForSeconds: Number.isFinite(wait) && wait > 0 ? wait : 60,
      message: body.message ?? 'Too many failed login attempts. Please try again later.',
    }
  }
  return { ok: false, message: body.message ?? fallback }
}

export async function login(password: string): Promise<LoginResult> {
  const res = await api.admin.login.$post({ json: { password } })
  if (!res.ok) return refused(res, 'Invalid admin password')
  if ('secondFactor' in (await res.json())) return { ok: false, needsCode: true }
  $session.set('open')
  return { ok: true }
}

/** The second step: an authentication code or a recovery code. */
export async function verifyCode(code: string): Promise<LoginResult> {
  const res = await api.admin.login.verify.$post({ json: { code } })
  if (res.ok) {
    const body = await res.json()
    $session.set('open')
    return {
      ok: true,
      recoveryCodesLeft: 'recoveryCodesLeft' in body ? body.recoveryCodesLeft : undefined,
      failedCodes: 'failedCodes' in body ? body.failedCodes?.notice : undefined,
    }
  }
  // 401: the waiting session is gone (it lives 5 minutes); 400: a wrong code.
  if ((res.status as number) === 401) {
    return { ok: false, startOver: true, message: 'The code came too late. Please enter the password again.' }
  }
  return refused(res, 'Invalid authentication code')
}

export async function logout(): Promise<void> {
  try {
    await unwrap(api.admin.logout.$post())
  } finally {
    $session.set('locked')
  }
}
