import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../../db/client.ts'
import { adminCredentials } from '../../db/schema.ts'
import { app } from '../../../../tests/helpers/app.ts'
import { adminCookie, givenAdminPassword, login, send, TEST_PASSWORD } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { legacyScryptHash } from '../../../../test-support/legacy-scrypt.ts'

beforeEach(async () => {
  await resetDatabase()
  await givenAdminPassword()
})

describe('POST /api/admin/login', () => {
  it('refuses a wrong password with the spec message', async () => {
    const { res, cookie } = await login('wrong password')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Invalid admin password' })
    expect(cookie).toBeUndefined()
  })

  it('opens a session in an HttpOnly, SameSite=Strict cookie, stored only as a hash', async () => {
    const { res, cookie } = await login()
    expect(res.status).toBe(200)
    expect(res.body.authenticated).toBe(true)
    const header = res.headers.get('set-cookie')!
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Strict/i)
    expect(header).not.toMatch(/Secure/i) // plain http on localhost
    const id = cookie!.split('=')[1]!
    expect(id.length).toBeGreaterThanOrEqual(43) // 32 random bytes
    const rows = await db().execute<{ id_hash: string }>(sql`select id_hash from admin_sessions`)
    expect(rows.map((r) => r.id_hash)).not.toContain(id)
    expect(rows).toHaveLength(1)
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(200)
  })

  it("tells the gate whether it is logged in with a 200 either way (no console error for 'not logged in')", async () => {
    expect(await send('GET', '/api/admin/session/state')).toMatchObject({
      status: 200,
      body: { authenticated: false },
    })
    expect(await send('GET', '/api/admin/session/state', { cookie: 'admin_session=forged' })).toMatchObject({
      status: 200,
      body: { authenticated: false },
    })
    const { cookie } = await login()
    expect(await send('GET', '/api/admin/session/state', { cookie })).toMatchObject({
      status: 200,
      body: { authenticated: true, expiresAt: expect.any(String) },
    })
  })

  it('marks the cookie Secure outside localhost', async () => {
    const res = await app.request('https://sim.example/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://sim.example' },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/Secure/)
  })

  it("stores the password as an Argon2id hash at OWASP's parameters, never as text", async () => {
    const [row] = await db().select().from(adminCredentials)
    // m=19 MiB, t=2, p=1: the production cost, in tests too (docs/decisions/0207).
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/)
    expect(row!.passwordHash).not.toContain(TEST_PASSWORD)
  })

  it('lets a password stored as scrypt (before Argon2id) in, and rehashes it at that login', async () => {
    const legacy = await legacyScryptHash(TEST_PASSWORD)
    await db().update(adminCredentials).set({ passwordHash: legacy })
    expect((await login('wrong password')).res.status).toBe(401)
    const [kept] = await db().select().from(adminCredentials)
    expect(kept!.passwordHash).toBe(legacy)
    expect((await login()).res.status).toBe(200)
    const [upgraded] = await db().select().from(adminCredentials)
    expect(upgraded!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    // The new hash opens the panel; the old one is gone.
    expect((await login()).res.status).toBe(200)
  })

  it('refuses malformed bodies with 400 and a message', async () => {
    for (const body of ['not json', '[]', '{"password":42}', 'null']) {
      const res = await send('POST', '/api/admin/login', { body })
      expect(res.status, body).toBeGreaterThanOrEqual(400)
      expect(res.status, body).toBeLessThan(500)
      expect(res.body.message).toBeTruthy()
    }
  })
})

describe('login rate limit', () => {
  it('slows a client down after 5 failures in 15 minutes, and still lets the right password in', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nope', '198.51.100.1')).res.status).toBe(401)
    // The owner, after five typos: the right password still opens the panel, a moment later.
    expect((await login(TEST_PASSWORD, '198.51.100.1')).res.status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login('nope', '198.51.100.1')).res.status).toBe(401)
    // Past the limit a wrong password is answered 429, with the short wait before the next check.
    const locked = await login('nope', '198.51.100.1')
    expect(locked.res.status).toBe(429)
    expect(locked.res.body.message).toMatch(/too many/i)
    expect(Number(locked.res.headers.get('retry-after'))).toBe(2)
    // Another address is not affected.
    expect((await login(TEST_PASSWORD, '198.51.100.2')).res.status).toBe(200)
    // 15 minutes later (moved in the database, not slept): back to full speed.
    await db().execute(sql`update login_attempts set attempted_at = attempted_at - interval '15 minutes 5 seconds'`)
    expect((await login('nope', '198.51.100.1')).res.status).toBe(401)
  })

  it('lets no more than 5 of a burst of concurrent wrong passwords through to the password check', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => login('nope', '198.51.100.7')))
    const statuses = results.map((r) => r.res.status).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    // Past the limit, one check per 2 s and at most 4 s of queue: the rest are refused at once.
    expect(statuses.filter((s) => s === 429)).toHaveLength(7)
  })

  it('does not count a successful login, nor a malformed body, as a failure', async () => {
    for (let i = 0; i < 4; i++) expect((await login('nope', '198.51.100.8')).res.status).toBe(401)
    expect((await login(TEST_PASSWORD, '198.51.100.8')).res.status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const res = await app.request(
        '/api/admin/login',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":42}' },
        { context: { ip: '198.51.100.8' } },
      )
      expect(res.status).toBe(400)
    }
    // The failures before the success no longer count: four more may be tried.
    for (let i = 0; i < 4; i++) expect((await login('nope', '198.51.100.8')).res.status).toBe(401)
  })

  it('keys on the platform client address, never on a header the client can set', async () => {
    const attempt = (ip: string, spoofed: string) =>
      app.request(
        '/api/admin/login',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': spoofed,
            'x-nf-client-connection-ip': spoofed,
          },
          body: JSON.stringify({ password: 'nope' }),
        },
        { context: { ip } },
      )
    // A new made-up address in the headers each time does not buy new attempts.
    for (let i = 0; i < 5; i++) await attempt('192.0.2.9', `10.0.0.${i}`)
    expect((await attempt('192.0.2.9', '10.0.0.99')).status).toBe(429)
    expect((await attempt('192.0.2.10', '192.0.2.9')).status).toBe(401)
  })
})

describe('sessions', () => {
  it('end after 12 hours without a request', async () => {
    const cookie = await adminCookie()
    await db().execute(sql`update admin_sessions set last_seen_at = now() - interval '11 hours 59 minutes'`)
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(200)
    await db().execute(sql`update admin_sessions set last_seen_at = now() - interval '12 hours 1 second'`)
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(401)
  })

  it('end 7 days after login even when used constantly', async () => {
    const cookie = await adminCookie()
    await db().execute(
      sql`update admin_sessions set created_at = now() - interval '7 days', expires_at = now() - interval '1 second'`,
    )
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(401)
  })

  it('have an absolute end 7 days after creation', async () => {
    const { res } = await login()
    const created = new Date(res.body.createdAt).getTime()
    expect(new Date(res.body.expiresAt).getTime() - created).toBe(7 * 24 * 3600 * 1000)
  })

  it('end at logout', async () => {
    const { cookie } = await login()
    const out = await send('POST', '/api/admin/logout', { cookie })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/)
    expect((await send('GET', '/api/admin/session', { cookie })).status).toBe(401)
    expect((await send('POST', '/api/admin/logout', { cookie })).status).toBe(401)
  })

  it('are refused with a forged cookie', async () => {
    expect((await send('GET', '/api/admin/session', { cookie: 'admin_session=forged' })).status).toBe(401)
  })
})

describe('POST /api/admin/change-password', () => {
  it.each([
    [{}, 'Please fill in all password fields'],
    [{ currentPassword: TEST_PASSWORD, newPassword: '' }, 'Please fill in all password fields'],
    [
      { currentPassword: TEST_PASSWORD, newPassword: 'abcdef', confirmPassword: '' },
      'Please fill in all password fields',
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: 'abcdef', confirmPassword: 'abcdeg' },
      'New password and confirmation must match',
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: 'abcde', confirmPassword: 'abcde' },
      'New password must be at least 6 characters long',
    ],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'abcde' }, 'New password must be at least 6 characters long'],
    [{ currentPassword: 'wrong', newPassword: 'abcdef' }, 'Current password is incorrect'],
  ])('refuses %j with "%s" and changes nothing', async (body, message) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/change-password', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message })
    expect((await login()).res.status).toBe(200)
  })

  it('refuses a sixth wrong current password in 15 minutes, even with the right one, with 429', async () => {
    const cookie = await adminCookie()
    const change = (currentPassword: string) =>
      send('POST', '/api/admin/change-password', {
        cookie,
        body: { currentPassword, newPassword: 'guessed 123', confirmPassword: 'guessed 123' },
      })
    for (let i = 0; i < 5; i++) expect((await change(`guess ${i}`)).status).toBe(400)
    const refused = await change(TEST_PASSWORD)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ message: 'Too many wrong current passwords. Please try again later.' })
    expect((await login()).res.status).toBe(200)
  })

  it('checks 5 of 12 wrong current passwords sent at once; the other 7 get 429 unchecked', async () => {
    const cookie = await adminCookie()
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send('POST', '/api/admin/change-password', {
          cookie,
          body: { currentPassword: `guess ${i}`, newPassword: 'guessed 123', confirmPassword: 'guessed 123' },
        }),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)])
    expect(results.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('changes the password and ends every other session', async () => {
    const mine = (await login()).cookie!
    const other = (await login()).cookie!
    const res = await send('POST', '/api/admin/change-password', {
      cookie: mine,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'new secret 123', confirmPassword: 'new secret 123' },
    })
    expect(res.status).toBe(200)
    expect((await send('GET', '/api/admin/session', { cookie: other })).status).toBe(401)
    expect((await send('GET', '/api/admin/session', { cookie: mine })).status).toBe(200)
    expect((await login()).res.status).toBe(401)
    expect((await login('new secret 123')).res.status).toBe(200)
  })
})

describe('audit of the session routes', () => {
  it('logs logins and password changes, never the password', async () => {
    const { cookie } = await login()
    await send('POST', '/api/admin/change-password', {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another one' },
    })
    const log = await send('GET', '/api/admin/audit-log', { cookie })
    expect(log.body.items.map((e: { entity: string }) => e.entity)).toEqual(['admin-password', 'session'])
    expect(JSON.stringify(log.body)).not.toContain('another one')
  })
})

describe('audit of a write whose address holds a NUL', () => {
  it('keeps its audit row (Postgres refuses the NUL character: it is written as U+FFFD)', async () => {
    const { cookie } = await login()
    const res = await send('DELETE', '/api/admin/uploads/%00', { cookie })
    expect(res.status).toBeLessThan(500)
    const log = await send('GET', '/api/admin/audit-log', { cookie })
    const row = (log.body.items as { route: string; summary: string }[]).find(
      (e) => e.route === '/api/admin/uploads/:id',
    )
    expect(row).toBeDefined()
    expect(row!.summary).toBe('DELETE /api/admin/uploads/\uFFFD')
  })
})
