import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { db } from '../../db/client.ts'
import {
  auditLog,
  newsletterConsents,
  newsletterDigestRecipients,
  newsletterDigests,
  newsletterSubscribers,
} from '../../db/schema.ts'
import { INVALID_ADDRESS_MESSAGE } from '../../../lib/newsletter/email-address.ts'
import { createNews, createSubscribers } from '../../demo/factories.ts'
import { sendTo, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie, send as sharedSend } from '../../../../tests/helpers/auth.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { startMailHarness, type MailHarness } from '../../../../tests/helpers/mail.ts'
import { testPlatform } from '../../../../tests/helpers/platform.ts'

let mail: MailHarness
let send: Send
let cookie: string
beforeAll(async () => {
  mail = await startMailHarness({ runJobs: false })
  send = sendTo(createApp(testPlatform(mail.platform)))
})
afterAll(() => mail.close())
beforeEach(async () => {
  await resetDatabase()
  mail.fake.reset()
  cookie = await adminCookie()
})

const days = (n: number) => new Date(Date.now() - n * 86_400_000)

describe('the Newsletter tab without mail settings', () => {
  it('says what to set, and sends nothing', async () => {
    const overview = await sharedSend('GET', '/api/admin/newsletter', { cookie })
    expect(overview.status).toBe(200)
    expect(overview.body).toMatchObject({ configured: false, missing: ['SMTP_URL', 'NEWSLETTER_FROM'] })
    const before = await databaseDigest()
    const test = await sharedSend('POST', '/api/admin/newsletter/test', {
      cookie,
      body: { email: 'owner@example.com' },
    })
    expect(test).toMatchObject({
      status: 409,
      body: { message: "Mail is not configured: set SMTP_URL and NEWSLETTER_FROM in the site's environment." },
    })
    expect(await databaseDigest()).toBe(before)
  })
})

describe('the Newsletter tab', () => {
  it('counts the addresses by status and their growth per week', async () => {
    await createSubscribers(3, { confirmedAt: days(1) })
    await createSubscribers(2, { confirmedAt: days(8) })
    await createSubscribers(1, { status: 'pending' })
    await createSubscribers(1, { status: 'unsubscribed', confirmedAt: days(20), unsubscribedAt: days(1) })
    await createSubscribers(1, { status: 'bounced', bouncedAt: days(1) })
    const res = await send('GET', '/api/admin/newsletter', { cookie })
    expect(res.body).toMatchObject({
      configured: true,
      missing: [],
      counts: { confirmed: 5, pending: 1, unsubscribed: 1, bounced: 1 },
      digests: [],
    })
    const growth: { week: string; confirmed: number; left: number }[] = res.body.growth
    expect(growth).toHaveLength(12)
    expect(growth.reduce((n, w) => n + w.confirmed, 0)).toBe(6)
    expect(growth.reduce((n, w) => n + w.left, 0)).toBe(2)
  })

  it('exports every address as CSV, the confirmed ones with their status, formulas defused', async () => {
    const confirmed = await createSubscribers(2)
    await createSubscribers(1, { status: 'unsubscribed', prefix: 'gone' })
    await createSubscribers(1, { status: 'confirmed', prefix: '=cmd|calc' })
    const res = await send('GET', '/api/admin/newsletter/subscribers/export', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const lines = (res.body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      '"email","status","signed_up_at","confirmed_at","unsubscribed_at","bounced_at","consent_page"',
    )
    for (const s of confirmed) expect(lines.some((l) => l.startsWith(`"${s.email}","confirmed",`))).toBe(true)
    expect(lines.some((l) => l.includes('"unsubscribed"'))).toBe(true)
    expect(lines.some((l) => l.startsWith(`"'=cmd|calc`))).toBe(true)
    expect(lines).toHaveLength(5)
  })

  it("names each subscriber's own consent page in the CSV (issue 42: every row had the same)", async () => {
    const readers = await createSubscribers(3)
    const pages = ['/news/4', '/calendar', '/reviews']
    // Consents made in another order than the subscribers, so a consent's id is no subscriber's.
    for (const [i, reader] of [...readers].reverse().entries()) {
      await db().insert(newsletterConsents).values({
        subscriberId: reader.id,
        page: pages[i]!,
        text: 'We keep only your email address.',
        confirmedAt: new Date(),
      })
    }
    const res = await send('GET', '/api/admin/newsletter/subscribers/export', { cookie })
    const lines = (res.body as string).trim().split('\r\n')
    for (const [i, reader] of [...readers].reverse().entries()) {
      const line = lines.find((l) => l.startsWith(`"${reader.email}",`))!
      expect([reader.email, line.split(',').at(-1)]).toEqual([reader.email, `"${pages[i]}"`])
    }
  })

  it('finds an address with its consents, and erases it with them and its place in every digest', async () => {
    const [reader, other] = await createSubscribers(2)
    await db().insert(newsletterConsents).values({
      subscriberId: reader!.id,
      page: '/news/4',
      text: 'We keep only your email address.',
      confirmedAt: new Date(),
    })
    const [digest] = await db()
      .insert(newsletterDigests)
      .values({ slotKey: 'digest:x', frequency: 'weekly', periodStart: days(7), periodEnd: new Date(), subject: 'S' })
      .returning()
    await db()
      .insert(newsletterDigestRecipients)
      .values([reader!, other!].map((s) => ({ digestId: digest!.id, subscriberId: s.id, status: 'sent' as const })))

    const found = await send(
      'GET',
      `/api/admin/newsletter/subscribers?email=${encodeURIComponent(reader!.email.toUpperCase())}`,
      {
        cookie,
      },
    )
    expect(found.body.subscriber).toMatchObject({
      id: reader!.id,
      email: reader!.email,
      status: 'confirmed',
      consents: [{ page: '/news/4', text: 'We keep only your email address.' }],
    })
    expect((await send('GET', '/api/admin/newsletter/subscribers?email=nobody@example.com', { cookie })).body).toEqual({
      subscriber: null,
    })
    expect((await send('GET', '/api/admin/newsletter/subscribers?email=nope', { cookie })).status).toBe(400)

    const erased = await send('DELETE', `/api/admin/newsletter/subscribers/${reader!.id}`, { cookie })
    expect(erased).toMatchObject({ status: 200, body: { erased: true } })
    expect((await db().select().from(newsletterSubscribers)).map((s) => s.email)).toEqual([other!.email])
    expect(await db().select().from(newsletterConsents)).toEqual([])
    expect((await db().select().from(newsletterDigestRecipients)).map((r) => r.subscriberId)).toEqual([other!.id])
    // The audit log says an address was erased, never which.
    const audit = await db().select().from(auditLog)
    expect(audit.map((a) => a.summary)).toContain('Erased a newsletter address and its consent')
    expect(JSON.stringify(audit)).not.toContain(reader!.email)
    expect((await send('DELETE', `/api/admin/newsletter/subscribers/${reader!.id}`, { cookie })).status).toBe(404)
  })

  it('previews the next digest, and sends it as a test to the address typed', async () => {
    await createNews({ title: 'Fresh this week', timestamp: days(2) })
    await createNews({ title: 'Older', timestamp: days(30) })
    const preview = await send('GET', '/api/admin/newsletter/preview', { cookie })
    expect(preview.body).toMatchObject({
      subject: 'SimRacing Hub weekly: Fresh this week',
      empty: false,
      frequency: 'weekly',
      articles: [{ title: 'Fresh this week' }],
    })
    expect(preview.body.html).toContain('Fresh this week')

    const res = await send('POST', '/api/admin/newsletter/test', { cookie, body: { email: 'Owner@Example.com' } })
    expect(res).toMatchObject({ status: 200, body: { message: 'Test sent to owner@example.com.' } })
    const [email] = await mail.fake.waitFor(1)
    expect(email).toMatchObject({ to: 'owner@example.com', subject: '[Test] SimRacing Hub weekly: Fresh this week' })
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    // The text part writes titles as they are (issue 45: it wrote them in capitals).
    expect(email!.text).toContain('Fresh this week')

    const bad = await send('POST', '/api/admin/newsletter/test', { cookie, body: { email: 'owner' } })
    expect(bad).toMatchObject({ status: 400, body: { message: INVALID_ADDRESS_MESSAGE } })
  })

  it('with nothing new, the preview says so and shows the latest articles', async () => {
    await createNews({ title: 'Last month', timestamp: days(30) })
    const preview = await send('GET', '/api/admin/newsletter/preview', { cookie })
    expect(preview.body).toMatchObject({ empty: true, articles: [{ title: 'Last month' }] })
  })

  it('the digest is a block of the scheduler settings, hour and minute on the site clock', async () => {
    const saved = await send('POST', '/api/admin/scheduler/config', {
      cookie,
      body: { digest: { enabled: true, frequency: 'daily', hour: 7, minute: 30 } },
    })
    expect(saved.body.config.digest).toEqual({ enabled: true, frequency: 'daily', dayOfWeek: -1, hour: 7, minute: 30 })
    // Any minute of the hour (issue 45), none past it.
    const bad = await send('POST', '/api/admin/scheduler/config', { cookie, body: { digest: { minute: 60 } } })
    expect(bad.status).toBe(400)
    const overview = await send('GET', '/api/admin/newsletter', { cookie })
    expect(overview.body.schedule).toMatchObject({
      enabled: true,
      frequency: 'daily',
      hour: 7,
      minute: 30,
      timeZone: 'UTC',
    })
  })

  it('refuses an in-doubt choice that is neither, and a digest that does not exist, changing nothing', async () => {
    const before = await databaseDigest()
    expect(
      (await send('POST', '/api/admin/newsletter/digests/1/in-doubt', { cookie, body: { choice: 'both' } })).status,
    ).toBe(400)
    expect(
      (await send('POST', '/api/admin/newsletter/digests/1/in-doubt', { cookie, body: { choice: 'skip' } })).status,
    ).toBe(404)
    expect((await send('POST', '/api/admin/newsletter/digests/1/resume', { cookie })).status).toBe(404)
    expect(await databaseDigest()).toBe(before)
  })
})
