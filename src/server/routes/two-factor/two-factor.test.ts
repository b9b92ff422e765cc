import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { app } from '../../../../tests/helpers/app.ts'
import { adminCookie, givenAdminPassword, login, send, TEST_PASSWORD } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { SESSION_COOKIE } from '../../auth/cookie.ts'
import { secondStepRoutes } from '../../auth/guard.ts'
import { publicRoutes } from '../../public-routes.ts'
import { createSession } from '../../auth/sessions.ts'
import { base32Decode, hotp, totpStep } from '../../auth/totp.ts'
import { turnOffTwoFactor } from '../../auth/two-factor.ts'
import { db } from '../../db/client.ts'

beforeEach(async () => {
  await resetDatabase()
  await givenAdminPassword()
})

/** The code an authenticator app shows now, or `steps` steps later (accepted: clocks drift). */
const codeFor = (secret: string, steps = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + steps)

/** Turns two-factor login on through the System tab's routes; answers the secret, the recovery codes and the session. */
async function turnOn() {
  const cookie = await adminCookie()
  const setup = await send('POST', '/api/admin/two-factor/setup', { cookie })
  expect(setup.status).toBe(200)
  const secret: string = setup.body.secret
  const confirmed = await send('POST', '/api/admin/two-factor/confirm', { cookie, body: { code: codeFor(secret) } })
  expect(confirmed.status).toBe(200)
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[], cookie }
}

const verify = (cookie: string | undefined, code: string) =>
  send('POST', '/api/admin/login/verify', { cookie, body: { code } })

/**
 * The code step of a login whose password was right (the session the login route makes, made here
 * directly: the password's slow hash is tested elsewhere in this file).
 */
async function loginWithCode(code: string) {
  const { id } = await createSession('vitest', new Date(), { secondFactorPending: true })
  return app.request('/api/admin/login/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${id}` },
    body: JSON.stringify({ code }),
  })
}

describe('setting up two-factor login', () => {
  it('shows a secret, its otpauth URI and a QR code, and stays off until a code confirms it', async () => {
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body).toMatchObject({ enabled: false })
    const setup = await send('POST', '/api/admin/two-factor/setup', { cookie })
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/SimRacing%20Hub:admin%40localhost?secret=${setup.body.secret}&issuer=SimRacing%20Hub&algorithm=SHA1&digits=6&period=30`,
    )
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)
    // Not confirmed yet: the password alone still opens the panel.
    expect((await login()).res.body.authenticated).toBe(true)

    const wrong = await send('POST', '/api/admin/two-factor/confirm', { cookie, body: { code: '000000' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ message: 'Invalid authentication code' })
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body.enabled).toBe(false)

    const ok = await send('POST', '/api/admin/two-factor/confirm', {
      cookie,
      body: { code: codeFor(setup.body.secret) },
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect(ok.body.recoveryCodes).toHaveLength(10)
    expect(new Set(ok.body.recoveryCodes).size).toBe(10)
    for (const code of ok.body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/)
    // Kept only as hashes.
    const [row] = await db().execute<{ hashes: string[] }>(
      sql`select recovery_code_hashes as hashes from admin_credentials`,
    )
    expect(JSON.stringify(row)).not.toContain(ok.body.recoveryCodes[0].replace(/-/g, ''))
    // The recovery codes are shown once: the state never answers them again.
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
    })
  })

  it('ends the sessions opened with the password alone, and keeps the one that confirmed', async () => {
    const other = await adminCookie()
    const { cookie } = await turnOn()
    expect((await send('GET', '/api/admin/session', { cookie: other })).status).toBe(401)
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(200)
  })

  it('refuses a second setup while it is on, and a confirmation without a setup', async () => {
    const cookie = await adminCookie()
    expect((await send('POST', '/api/admin/two-factor/confirm', { cookie, body: { code: '123456' } })).status).toBe(409)
    const on = await turnOn()
    const again = await send('POST', '/api/admin/two-factor/setup', { cookie: on.cookie })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/on already/)
  })
})

describe('login with two-factor login on', () => {
  it('answers that a code is needed, and the waiting session opens nothing but the code route', async () => {
    await turnOn()
    const { res, cookie } = await login()
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ secondFactor: 'required' })
    // A short-lived cookie, marked in the database.
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=300/)
    const rows = await db().execute<{ pending: boolean; minutes: number }>(
      sql`select second_factor_pending as pending, extract(epoch from expires_at - created_at) / 60 as minutes
          from admin_sessions order by created_at desc limit 1`,
    )
    expect(rows[0]).toMatchObject({ pending: true })
    expect(Number(rows[0]!.minutes)).toBe(5)

    const endpoints = [
      ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
    ].filter((e) => !publicRoutes().has(e) && !secondStepRoutes.has(e))
    expect(endpoints.length).toBeGreaterThan(60)
    for (const endpoint of endpoints) {
      const [method, path] = endpoint.split(' ') as [string, string]
      const answer = await send(method, path.replace(/:\w+/g, '1'), {
        cookie,
        body: method === 'GET' ? undefined : {},
      })
      expect(answer.status, endpoint).toBe(401)
    }
  })

  it('opens the panel with the current code, in a new session', async () => {
    const { secret } = await turnOn()
    const { cookie: pending } = await login()
    const opened = await verify(pending, codeFor(secret, 1))
    expect(opened.status).toBe(200)
    expect(opened.body.authenticated).toBe(true)
    const cookie = opened.headers.get('set-cookie')!.match(/admin_session=[^;]+/)![0]
    expect(cookie).not.toBe(pending)
    expect(opened.headers.get('set-cookie')).toMatch(/Max-Age=604800/)
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(200)
    expect((await send('GET', '/api/admin/session', { cookie: pending })).status).toBe(401)
  })

  it('never accepts a code twice, nor one older than the last accepted', async () => {
    const { secret } = await turnOn()
    // The code that confirmed the setup is used up already.
    const confirmCode = await loginWithCode(codeFor(secret))
    expect(confirmCode.status).toBe(400)
    expect(await confirmCode.json()).toEqual({ message: 'Invalid authentication code' })
    expect((await loginWithCode(codeFor(secret, 1))).status).toBe(200)
    expect((await loginWithCode(codeFor(secret, 1))).status).toBe(400)
    expect((await loginWithCode(codeFor(secret))).status).toBe(400)
  })

  it('refuses wrong and malformed codes, and the waiting session stays usable', async () => {
    const { secret } = await turnOn()
    const { cookie } = await login()
    for (const code of ['000000', '12345', 'not a code', 'abcd-efgh-ijkl']) {
      const res = await verify(cookie, code)
      expect(res.status, code).toBe(400)
      expect(res.body, code).toEqual({ message: 'Invalid authentication code' })
    }
    expect((await send('POST', '/api/admin/login/verify', { cookie, body: {} })).status).toBe(400)
    expect((await verify(cookie, ` ${codeFor(secret, 1).replace(/(\d{3})/, '$1 ')} `)).status).toBe(200)
  })

  it('a recovery code opens the panel once, whatever its case and dashes, and is then gone', async () => {
    const { recoveryCodes } = await turnOn()
    const first = await loginWithCode(recoveryCodes[3]!.toUpperCase().replace(/-/g, ' '))
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ authenticated: true, recoveryCodesLeft: 9 })
    expect((await loginWithCode(recoveryCodes[3]!)).status).toBe(400)
    expect((await loginWithCode(recoveryCodes[4]!)).status).toBe(200)
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body.recoveryCodesLeft).toBe(8)
  })

  it('the waiting session ends after 5 minutes', async () => {
    const { secret } = await turnOn()
    const { cookie } = await login()
    await db().execute(
      sql`update admin_sessions set expires_at = now() - interval '1 second' where second_factor_pending`,
    )
    expect((await verify(cookie, codeFor(secret, 1))).status).toBe(401)
  })

  it('the code route needs the password first, and is no use to an open session', async () => {
    const { secret, cookie } = await turnOn()
    expect((await verify(undefined, codeFor(secret, 1))).status).toBe(401)
    expect((await verify(cookie, codeFor(secret, 1))).status).toBe(409)
  })

  it('slows wrong codes down like wrong passwords, counted apart from them', async () => {
    const { secret } = await turnOn()
    const ip = '198.51.100.20'
    const attempt = async (code: string) => {
      const { id } = await createSession('vitest', new Date(), { secondFactorPending: true })
      return app.request(
        '/api/admin/login/verify',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${id}` },
          body: JSON.stringify({ code }),
        },
        { context: { ip } },
      )
    }
    for (let i = 0; i < 4; i++) expect((await attempt('000000')).status).toBe(400)
    // A right password from that address must not wipe the count of wrong codes.
    expect((await login(TEST_PASSWORD, ip)).res.status).toBe(200)
    expect((await attempt('000000')).status).toBe(400)
    const locked = await attempt('000000')
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('2')
    // The owner's right code still opens the panel, a moment later.
    expect((await attempt(codeFor(secret, 1))).status).toBe(200)
  })
})

describe('guessing codes from many addresses', () => {
  /** The code step from one address, in a session whose password was right; `device` is a browser's cookie. */
  async function codeFrom(ip: string, code: string, device?: string) {
    const { id } = await createSession('vitest', new Date(), { secondFactorPending: true })
    const res = await app.request(
      '/api/admin/login/verify',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: [`${SESSION_COOKIE}=${id}`, device].filter(Boolean).join('; '),
        },
        body: JSON.stringify({ code }),
      },
      { context: { ip } },
    )
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
  }
  /** Ten wrong codes, each from an address of its own: no address reaches its own limit. */
  const tenWrongCodes = async () => {
    for (let i = 0; i < 10; i++) expect((await codeFrom(`192.0.2.${i + 1}`, '000000')).status).toBe(400)
  }
  /** As if the owner's last accepted code were minutes old: the current code is accepted again. */
  const codeUsedLongAgo = () => db().execute(sql`update admin_credentials set totp_last_step = null`)
  const moveAccountTurns = (seconds: number) =>
    db().execute(
      sql`update login_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds}) where client_key = 'second-factor-account'`,
    )

  it('past 10 wrong codes in 15 minutes, one code is checked every 15 s for the account, whatever the address', async () => {
    const { secret } = await turnOn()
    await tenWrongCodes()
    // An eleventh address is held to the account's pace: its code is not even checked.
    for (const code of ['000000', codeFor(secret, 1)]) {
      const refused = await codeFrom('198.51.100.77', code)
      expect(refused.status).toBe(429)
      expect(refused.body.message).toBe('Too many wrong authentication codes. Please try again later.')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(14)
    }
    // 15 s later (moved in the database, not slept) the account's next turn is free: the owner's
    // right code opens the panel from any address, and a wrong one is answered 429.
    await moveAccountTurns(15)
    expect((await codeFrom('198.51.100.78', '000000')).status).toBe(429)
    expect((await codeFrom('198.51.100.79', codeFor(secret, 1))).status).toBe(429)
    await moveAccountTurns(15)
    expect((await codeFrom('198.51.100.79', codeFor(secret, 1))).status).toBe(200)
  })

  it('a browser that logged in with a code before is held only to its address limit', async () => {
    const { secret } = await turnOn()
    const first = await codeFrom('203.0.113.50', codeFor(secret, 1))
    expect(first.status).toBe(200)
    const device = first.headers.get('set-cookie')!.match(/admin_device=[^;]+/)![0]
    expect(first.headers.get('set-cookie')).toMatch(
      /admin_device=[^;]+; Max-Age=\d+; Path=\/api\/admin\/login; HttpOnly; SameSite=Strict/,
    )
    await tenWrongCodes()
    await codeUsedLongAgo()
    expect((await codeFrom('203.0.113.51', codeFor(secret, 1))).status).toBe(429)
    // A made-up or altered cookie is no browser of the owner's.
    const forged = device.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))
    expect((await codeFrom('203.0.113.52', codeFor(secret, 1), forged)).status).toBe(429)
    expect((await codeFrom('203.0.113.51', codeFor(secret, 1), device)).status).toBe(200)
    // Turning two-factor login off and on again (a new secret) ends the trust.
    await turnOffTwoFactor()
    const again = await turnOn()
    await moveAccountTurns(15 * 60)
    await tenWrongCodes()
    expect((await codeFrom('203.0.113.53', codeFor(again.secret, 1), device)).status).toBe(429)
  })

  it('tells the owner at the next login how many codes failed since the last one', async () => {
    const { secret } = await turnOn()
    const first = await codeFrom('203.0.113.60', codeFor(secret, 1))
    expect(first.status).toBe(200)
    expect(first.body.failedCodes).toBeUndefined()
    expect((await codeFrom('192.0.2.1', '000000')).status).toBe(400)
    await codeUsedLongAgo()
    const second = await codeFrom('203.0.113.60', codeFor(secret))
    expect(second.body.failedCodes).toEqual({
      count: 1,
      notice:
        '1 wrong two-factor code was entered since your last login. If they were not yours, someone knows your password: change it in the System tab.',
    })
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.2']) await codeFrom(ip, '999999')
    expect((await codeFrom('203.0.113.60', 'abcd-efgh-ijkl')).status).toBe(400)
    await codeUsedLongAgo()
    const third = await codeFrom('203.0.113.60', codeFor(secret, 1))
    expect(third.body.failedCodes).toEqual({
      count: 4,
      notice:
        '4 wrong two-factor codes were entered since your last login. If they were not yours, someone knows your password: change it in the System tab.',
    })
    await codeUsedLongAgo()
    expect((await codeFrom('203.0.113.60', codeFor(secret))).body.failedCodes).toBeUndefined()
  })
})

describe('turning two-factor login off', () => {
  it('needs the password or a current code; then the password alone opens the panel again', async () => {
    const { secret, cookie } = await turnOn()
    const off = (body: object) => send('POST', '/api/admin/two-factor/disable', { cookie, body })
    expect((await off({})).body).toEqual({ message: 'Please enter your password or a current authentication code.' })
    expect((await off({ password: 'wrong' })).body).toEqual({ message: 'Current password is incorrect' })
    expect((await off({ code: '000000' })).body).toEqual({ message: 'Invalid authentication code' })
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body.enabled).toBe(true)

    const done = await off({ code: codeFor(secret, 1) })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 })
    expect((await login()).res.body.authenticated).toBe(true)
    expect((await off({ password: TEST_PASSWORD })).status).toBe(409)
  })

  it('with the password', async () => {
    const { cookie } = await turnOn()
    const done = await send('POST', '/api/admin/two-factor/disable', { cookie, body: { password: TEST_PASSWORD } })
    expect(done.status).toBe(200)
    expect((await login()).res.body.authenticated).toBe(true)
  })

  it('refuses a sixth wrong try in 15 minutes, even with the right password', async () => {
    const { cookie } = await turnOn()
    const off = (body: object) => send('POST', '/api/admin/two-factor/disable', { cookie, body })
    for (let i = 0; i < 5; i++) expect((await off({ code: `00000${i}` })).status).toBe(400)
    const refused = await off({ password: TEST_PASSWORD })
    expect(refused.status).toBe(429)
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body.enabled).toBe(true)
  })

  it('checks 5 of 12 wrong passwords sent at once; the other 7 get 429 unchecked', async () => {
    const { cookie } = await turnOn()
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send('POST', '/api/admin/two-factor/disable', { cookie, body: { password: `guess ${i}` } }),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)])
    expect((await send('GET', '/api/admin/two-factor', { cookie })).body.enabled).toBe(true)
  })

  it('the reset command (npm run admin:reset-2fa) turns it off without a session', async () => {
    await turnOn()
    expect(await turnOffTwoFactor()).toBe(true)
    expect((await login()).res.body.authenticated).toBe(true)
    expect(await turnOffTwoFactor()).toBe(false)
  })

  it('a password change keeps it on', async () => {
    const { secret, cookie } = await turnOn()
    const changed = await send('POST', '/api/admin/change-password', {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'new secret 123', confirmPassword: 'new secret 123' },
    })
    expect(changed.status).toBe(200)
    const { res, cookie: pending } = await login('new secret 123')
    expect(res.body).toEqual({ secondFactor: 'required' })
    expect((await verify(pending, codeFor(secret, 1))).status).toBe(200)
  })
})
