import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SESSION_ABSOLUTE_MS } from './sessions.ts'

export const SESSION_COOKIE = 'admin_session'

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** Secure everywhere except plain http on this machine (npm start), where browsers would drop it. */
function secure(c: Context): boolean {
  const url = new URL(c.req.url)
  return !(url.protocol === 'http:' && localHosts.has(url.hostname))
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

export function writeSessionCookie(c: Context, id: string, lifetimeMs = SESSION_ABSOLUTE_MS): void {
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: secure(c),
    path: '/',
    maxAge: Math.floor(lifetimeMs / 1000),
  })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: secure(c) })
}

/**
 * The owner's known browser (decision 0206): sent only to the login routes, where the account's
 * limit on two-factor codes lets it through.
 */
export const DEVICE_COOKIE = 'admin_device'
const DEVICE_COOKIE_PATH = '/api/admin/login'

export function readDeviceCookie(c: Context): string | undefined {
  return getCookie(c, DEVICE_COOKIE)
}

export function writeDeviceCookie(c: Context, token: string, lifetimeMs: number): void {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: secure(c),
    path: DEVICE_COOKIE_PATH,
    maxAge: Math.floor(lifetimeMs / 1000),
  })
}
