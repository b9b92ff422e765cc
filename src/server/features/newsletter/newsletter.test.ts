import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { siteUrl } from '../../../env.server.ts'
import { createApp } from '../../app.ts'
import { db } from '../../db/client.ts'
import { newsletterConsents, newsletterMailboxLimits, newsletterSubscribers } from '../../db/schema.ts'
import { confirmToken, newsletterKey, unsubscribeToken } from './tokens.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import {
  CHECK_INBOX,
  CONFIRMED,
  CONSENT_TEXT,
  LINK_EXPIRED,
  LINK_USED,
  NO_NEWSLETTER,
  OUTCOMES,
  TOO_MANY_SIGNUPS,
} from '../../../lib/newsletter/texts.ts'
import { INVALID_ADDRESS_MESSAGE, UNREACHABLE_ADDRESS_MESSAGE } from '../../../lib/newsletter/email-address.ts'
import { recordSignUp, SIGNUPS_PER_NETWORK_PER_HOUR } from './newsletter.repo.ts'
import { confirmLinkState } from './links.ts'
import { createSubscribers } from '../../demo/factories.ts'
import { app as sharedApp } from '../../../../tests/helpers/app.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { startMailHarness, type MailHarness } from '../../../../tests/helpers/mail.ts'
import { testPlatform, type TestPlatform } from '../../../../tests/helpers/platform.ts'

let mail: MailHarness
let platform: TestPlatform
let app: ReturnType<typeof createApp>
beforeAll(async () => {
  mail = await startMailHarness()
  platform = testPlatform(mail.platform)
  app = createApp(platform)
})
afterAll(() => mail.close())
beforeEach(async () => {
  await resetDatabase()
  mail.fake.reset()
})

interface Answer {
  status: number
  body: { message?: string } | null
  headers: Headers
}

/** A request from a visitor at `ip` (Netlify's context gives the app the client's address). */
async function visitor(
  path: string,
  init: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; method?: string } = {},
  ip = '203.0.113.7',
  target = app,
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers }
  let body: string | undefined
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  // Netlify's context: the client's address, and waitUntil for the work after the answer (the
  // confirmation email), which the test lets finish before it looks.
  const background: Promise<unknown>[] = []
  const context = { ip, waitUntil: (work: Promise<unknown>) => void background.push(work) }
  const res = await target.request(path, { method: init.method ?? 'POST', headers, body }, { context })
  const text = await res.text()
  await Promise.all(background)
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : null, headers: res.headers }
}

const signUp = (email: unknown, extra: Record<string, unknown> = {}, ip?: string) =>
  visitor('/api/newsletter/subscriptions', { body: { email, page: '/news/3', ...extra } }, ip)

const subscribers = () => db().select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id)

/** The link in the email's HTML that opens `path` on our site. */
function linkIn(html: string, path: string): string {
  const match = new RegExp(`href="(${siteUrl.replace(/[.:/]/g, '\\$&')}${path}\\?token=[^"]+)"`).exec(html)
  if (!match) throw new Error(`no ${path} link in the email`)
  return match[1]!
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('newsletter sign-up', () => {
  it('does not exist without mail settings: 404, nothing stored', async () => {
    const before = await databaseDigest()
    // The shared app has the test environment's services: no SMTP_URL, no NEWSLETTER_FROM.
    const res = await visitor(
      '/api/newsletter/subscriptions',
      { body: { email: 'reader@example.com' } },
      undefined,
      sharedApp,
    )
    expect(res).toMatchObject({ status: 404, body: { message: NO_NEWSLETTER } })
    expect(await databaseDigest()).toBe(before)
  })

  it('stores a pending address with its consent and sends one confirmation email: HTML and text, RFC 8058 headers, no advertising', async () => {
    const res = await signUp('  Reader@Example.com ')
    expect(res).toMatchObject({ status: 200, body: { message: CHECK_INBOX } })
    expect(res.headers.get('cache-control')).toContain('no-store')
    const [subscriber] = await subscribers()
    expect(subscriber).toMatchObject({ email: 'reader@example.com', status: 'pending', confirmedAt: null })
    const consents = await db().select().from(newsletterConsents)
    expect(consents).toEqual([
      expect.objectContaining({ subscriberId: subscriber!.id, page: '/news/3', text: CONSENT_TEXT, confirmedAt: null }),
    ])

    const [email] = await mail.fake.waitFor(1)
    expect(email).toMatchObject({
      to: 'reader@example.com',
      subject: 'Confirm your subscription to the SimRacing Hub digest',
    })
    expect(email!.from).toBe('digest@simracing-hub.example.com')
    expect(email!.html).toContain('Confirm subscription')
    expect(email!.text).toContain('Confirm subscription')
    expect(email!.headers['list-unsubscribe']).toMatch(new RegExp(`^<${siteUrl}/api/newsletter/unsubscribe\\?token=`))
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    // Every link is one of our pages, and none is an article or a shop: nothing but the confirmation.
    const hrefs = [...email!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)
    expect(hrefs.length).toBeGreaterThan(0)
    for (const href of hrefs) expect(href.startsWith(`${siteUrl}/`), href).toBe(true)
    expect(hrefs.filter((h) => h.includes('/news/'))).toEqual([])
    expect(linkIn(email!.html, '/newsletter/confirm')).toContain(siteUrl)
    expect(linkIn(email!.html, '/newsletter/unsubscribe')).toContain(siteUrl)
  })

  it('answers a known address exactly as a new one, and sends no second confirmation within the hour', async () => {
    const first = await signUp('reader@example.com')
    await mail.fake.waitFor(1)
    const again = await signUp('reader@example.com')
    const [confirmed] = await createSubscribers(1)
    const known = await signUp(confirmed!.email, {}, '198.51.100.7')
    expect([again.status, known.status]).toEqual([first.status, first.status])
    expect([again.body, known.body]).toEqual([first.body, first.body])
    expect([again.headers.get('content-type'), known.headers.get('content-type')]).toEqual([
      first.headers.get('content-type'),
      first.headers.get('content-type'),
    ])
    // The pending address got nothing more within its hour; the confirmed one only its notice
    // (issue 45), and it is as it was, with no new consent.
    expect(mail.fake.messages.map((m) => [m.to, m.subject])).toEqual([
      ['reader@example.com', 'Confirm your subscription to the SimRacing Hub digest'],
      [confirmed!.email, 'You are already subscribed to the SimRacing Hub digest'],
    ])
    expect((await subscribers()).find((s) => s.email === confirmed!.email)).toMatchObject({ status: 'confirmed' })
    expect(await db().select().from(newsletterConsents)).toHaveLength(1)
  })

  it("sends a confirmed address that signs up again a short 'already subscribed' email with its unsubscribe link (issue 45)", async () => {
    const [confirmed] = await createSubscribers(1)
    const before = await subscribers()
    const res = await signUp(confirmed!.email)
    expect(res).toMatchObject({ status: 200, body: { message: CHECK_INBOX } })
    const [email] = await mail.fake.waitFor(1)
    const subject = 'You are already subscribed to the SimRacing Hub digest'
    expect(email).toMatchObject({ to: confirmed!.email, subject })
    // The document's title is its subject; a plain-text part says the same.
    expect(email!.html).toContain(`<title>${subject}</title>`)
    expect(email!.html).toContain('You are already subscribed')
    expect(email!.text).toContain('It is subscribed already: there is nothing to confirm')
    // Its unsubscribe link, visible and in the RFC 8058 headers, works for this address.
    const unsubscribeLink = linkIn(email!.html, '/newsletter/unsubscribe')
    expect(email!.text).toContain(unsubscribeLink)
    expect(email!.headers['list-unsubscribe']).toMatch(new RegExp(`^<${siteUrl}/api/newsletter/unsubscribe\\?token=`))
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    // Nothing to confirm in it, and links to our own pages only.
    const hrefs = [...email!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)
    expect(hrefs.filter((h) => !h.startsWith(`${siteUrl}/`))).toEqual([])
    expect(hrefs.filter((h) => h.includes('/newsletter/confirm'))).toEqual([])
    // The address stays as it was, with no consent to confirm and nothing left due.
    expect(await db().select().from(newsletterConsents)).toEqual([])
    expect(await subscribers()).toEqual([expect.objectContaining({ ...before[0], updatedAt: expect.any(Date) })])
    const link = /<([^>]+)>/.exec(email!.headers['list-unsubscribe']!)![1]!
    const out = await visitor(new URL(link).pathname + new URL(link).search, {
      form: { 'List-Unsubscribe': 'One-Click' },
    })
    expect(out).toMatchObject({ status: 200, body: { message: OUTCOMES.unsubscribed.text } })
  })

  it("holds 'already subscribed' emails to the sign-up limits: one an hour per mailbox, 20 sign-ups an hour per network (issue 45)", async () => {
    const [confirmed] = await createSubscribers(1)
    // 100 sign-ups of it at once from 50 networks: one email.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signUp(confirmed!.email, {}, `198.51.${100 + (i % 50)}.${1 + i}`)),
    )
    expect(new Set(answers.map((a) => a.body?.message))).toEqual(new Set([CHECK_INBOX]))
    expect(mail.fake.messages.map((m) => m.to)).toEqual([confirmed!.email])
    // Its other spellings within the hour (one mailbox): nothing more to anyone.
    const [user, domain] = confirmed!.email.split('@') as [string, string]
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => signUp(`${user}+again${i}@${domain}`, {}, `192.0.2.${1 + i}`)),
    )
    expect(mail.fake.messages).toHaveLength(1)
    // Again and again from one network within the hour: nothing more, then refused.
    const again = []
    for (let i = 0; i < SIGNUPS_PER_NETWORK_PER_HOUR + 2; i++) again.push(await signUp(confirmed!.email))
    expect(again.filter((a) => a.status === 200)).toHaveLength(SIGNUPS_PER_NETWORK_PER_HOUR)
    expect(again.filter((a) => a.status === 429)).toHaveLength(2)
    expect(mail.fake.messages.filter((m) => m.to === confirmed!.email)).toHaveLength(1)
    // The mailbox's hour over, one more.
    await db()
      .update(newsletterMailboxLimits)
      .set({ sentAt: new Date(Date.now() - 61 * 60_000) })
    await signUp(confirmed!.email, {}, '192.0.2.9')
    expect(mail.fake.messages.filter((m) => m.to === confirmed!.email)).toHaveLength(2)
  })

  it("sends an 'already subscribed' email the sign-up's background work lost at the next tick, and none to an address unsubscribed since", async () => {
    const [kept, leaving] = await createSubscribers(2)
    // The sign-ups were decided, and the request's instance stopped before its work after the answer.
    for (const who of [kept!, leaving!])
      await recordSignUp({
        email: who.email,
        mailbox: who.email,
        network: '203.0.113.0',
        page: '/',
        text: CONSENT_TEXT,
        now: new Date(),
      })
    expect(mail.fake.messages).toEqual([])
    await db()
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscribers.id, leaving!.id))
    await runSchedulerTick(platform, new Date(Date.now() + 60_000))
    expect(mail.fake.messages.map((m) => [m.to, m.subject])).toEqual([
      [kept!.email, 'You are already subscribed to the SimRacing Hub digest'],
    ])
    // Taken once: a second tick sends nothing more.
    await runSchedulerTick(platform, new Date(Date.now() + 120_000))
    expect(mail.fake.messages).toHaveLength(1)
  })

  it('sends a new confirmation to a pending address an hour later', async () => {
    await signUp('reader@example.com')
    await mail.fake.waitFor(1)
    // The hour of its mailbox is over (newsletter_mailbox_limits: one confirmation an hour).
    await db()
      .update(newsletterMailboxLimits)
      .set({ sentAt: new Date(Date.now() - 61 * 60_000) })
    await signUp('reader@example.com')
    await mail.fake.waitFor(2)
    expect(await db().select().from(newsletterConsents)).toHaveLength(2)
  })

  it.each([
    ['not an address', 'reader', INVALID_ADDRESS_MESSAGE],
    ['two addresses', 'a@example.com, b@example.com', INVALID_ADDRESS_MESSAGE],
    ['a header injection', 'a@example.com\r\nBcc: b@example.com', INVALID_ADDRESS_MESSAGE],
    ['no address', undefined, INVALID_ADDRESS_MESSAGE],
    ['a number', 42, INVALID_ADDRESS_MESSAGE],
    ['a domain off the Internet', 'reader@printer.local', UNREACHABLE_ADDRESS_MESSAGE],
    ['an IP address', 'reader@192.168.0.1', UNREACHABLE_ADDRESS_MESSAGE],
  ])('refuses %s with a message, storing and sending nothing', async (_, email, message) => {
    const before = await databaseDigest()
    const res = await signUp(email)
    expect(res).toMatchObject({ status: 400, body: { message } })
    expect(await databaseDigest()).toBe(before)
    expect(mail.fake.messages).toEqual([])
  })

  it('refuses a body that is not a form or JSON, and a foreign page, changing nothing', async () => {
    const before = await databaseDigest()
    expect(
      (
        await visitor('/api/newsletter/subscriptions', {
          headers: { 'content-type': 'application/json' },
          body: undefined,
        })
      ).status,
    ).toBe(400)
    const res = await app.request(
      '/api/newsletter/subscriptions',
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=reader@example.com' },
      { context: { ip: '203.0.113.7' } },
    )
    expect(res.status).toBe(415)
    const foreign = await visitor('/api/newsletter/subscriptions', {
      body: { email: 'victim@example.com' },
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect(await databaseDigest()).toBe(before)
    expect(mail.fake.messages).toEqual([])
  })

  it('gives a robot that fills the hidden field the same answer, and keeps and sends nothing', async () => {
    const before = await databaseDigest()
    const res = await signUp('bot@example.com', { website: 'https://spam.example' })
    expect(res).toMatchObject({ status: 200, body: { message: CHECK_INBOX } })
    expect(await databaseDigest()).toBe(before)
    expect(mail.fake.messages).toEqual([])
  })

  it(`limits sign-ups to ${SIGNUPS_PER_NETWORK_PER_HOUR} an hour per network, whatever the addresses`, async () => {
    for (let i = 0; i < SIGNUPS_PER_NETWORK_PER_HOUR; i++) {
      // Addresses of one /24 network: one office.
      expect((await signUp(`reader${i}@example.com`, {}, `203.0.113.${i + 1}`)).status).toBe(200)
    }
    const refused = await signUp('one-more@example.com', {}, '203.0.113.200')
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_SIGNUPS } })
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect(await subscribers()).toHaveLength(SIGNUPS_PER_NETWORK_PER_HOUR)
    // Another network is not held back.
    expect((await signUp('neighbour@example.com', {}, '198.51.100.9')).status).toBe(200)
  })

  it('sends one confirmation for 100 sign-ups of one address at once, and one for ten spellings of one mailbox (issue 42)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signUp('racer@example.com', {}, `198.51.${100 + (i % 50)}.${1 + i}`)),
    )
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]))
    expect(mail.fake.messages).toHaveLength(1)
    // One mailbox under ten spellings (a +tag each, Gmail's dots), at once: one email in the hour.
    const spellings = Array.from({ length: 10 }, (_, i) => `ana.lima+tag${i}@gmail.com`)
    spellings[9] = 'a.na.lima@googlemail.com'
    await Promise.all(spellings.map((email, i) => signUp(email, {}, `192.0.2.${1 + i * 20}`)))
    expect(mail.fake.messages).toHaveLength(2)
    expect(mail.fake.messages.filter((m) => m.to.includes('lima'))).toHaveLength(1)
  })

  it(`holds ${SIGNUPS_PER_NETWORK_PER_HOUR} sign-ups an hour per network when 40 addresses of it sign up at once (issue 42)`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signUp(`office${i}@example.com`, {}, `203.0.113.${i + 1}`)),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SIGNUPS_PER_NETWORK_PER_HOUR)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - SIGNUPS_PER_NETWORK_PER_HOUR)
    expect(await subscribers()).toHaveLength(SIGNUPS_PER_NETWORK_PER_HOUR)
    expect(mail.fake.messages).toHaveLength(SIGNUPS_PER_NETWORK_PER_HOUR)
  })

  it('answers a form posted without JavaScript with a page (303), for every outcome', async () => {
    const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }
    const ok = await visitor('/api/newsletter/subscriptions', {
      form: { email: 'reader@example.com', page: '/' },
      headers: page,
    })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/newsletter?result=check-inbox&from=%2F')
    const bad = await visitor('/api/newsletter/subscriptions', { form: { email: 'nope', page: '/' }, headers: page })
    expect(bad.headers.get('location')).toBe('/newsletter?result=invalid-address&from=%2F&email=nope')
    expect((await subscribers()).map((s) => s.email)).toEqual(['reader@example.com'])
  })

  it('without JavaScript, the page the form was on goes along (a path on this site only), and a mistyped address comes back (issue 45)', async () => {
    const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }
    const signUpFrom = async (from: string, email: string) =>
      new URL(
        (await visitor('/api/newsletter/subscriptions', { form: { email, page: from }, headers: page })).headers.get(
          'location',
        )!,
        'http://localhost',
      ).searchParams
    const ok = await signUpFrom('/news/12/rain-at-spa', 'back@example.com')
    expect(Object.fromEntries(ok)).toEqual({ result: 'check-inbox', from: '/news/12/rain-at-spa' })
    const typo = await signUpFrom('/news/12/rain-at-spa', 'back@example')
    expect(Object.fromEntries(typo)).toEqual({
      result: 'invalid-address',
      from: '/news/12/rain-at-spa',
      email: 'back@example',
    })
    for (const elsewhere of ['//evil.example/news', '/\\evil.example', 'https://evil.example/', 'news/12'])
      expect(Object.fromEntries(await signUpFrom(elsewhere, 'x@example')), elsewhere).toEqual({
        result: 'invalid-address',
        email: 'x@example',
      })
    // An address too long to be one is not carried back.
    expect((await signUpFrom('/games', `${'a'.repeat(300)}@example.com`)).has('email')).toBe(false)
  })

  it('marks an address whose mail server refuses the confirmation for good as bounced, and never writes to it again', async () => {
    await signUp('bounce-me@example.com')
    const [subscriber] = await subscribers()
    expect(subscriber).toMatchObject({ status: 'bounced', bounceReason: expect.stringContaining('550') })
    await db().update(newsletterSubscribers).set({ confirmationSentAt: null })
    expect((await signUp('bounce-me@example.com')).body).toEqual({ message: CHECK_INBOX })
    expect(mail.fake.messages).toEqual([])
  })

  it('answers the same when the mail server is away, and the panel counts the confirmation not sent', async () => {
    await mail.fake.stop()
    try {
      const res = await signUp('reader@example.com')
      expect(res).toMatchObject({ status: 200, body: { message: CHECK_INBOX } })
      const [consent] = await db().select().from(newsletterConsents)
      expect(consent!.sendError).toMatch(/ECONNREFUSED|connect/i)
      // Not counted as sent: a new sign-up sends it again at once.
      expect((await subscribers())[0]!.confirmationSentAt).toBeNull()
    } finally {
      await mail.fake.start()
    }
  })

  it('forgets a pending address a week after its last sign-up, consent included', async () => {
    await signUp('reader@example.com')
    await createSubscribers(1)
    await runSchedulerTick(platform, new Date(Date.now() + 6 * 86_400_000))
    expect(await subscribers()).toHaveLength(2)
    await runSchedulerTick(platform, new Date(Date.now() + 8 * 86_400_000))
    expect((await subscribers()).map((s) => s.status)).toEqual(['confirmed'])
    expect(await db().select().from(newsletterConsents)).toEqual([])
  })
})

describe('the confirmation link', () => {
  async function signedUp() {
    await signUp('reader@example.com')
    const [email] = await mail.fake.waitFor(1)
    return tokenOf(linkIn(email!.html, '/newsletter/confirm'))
  }
  const confirm = (token: unknown, headers: Record<string, string> = {}) =>
    visitor('/api/newsletter/confirmations', { body: { token }, headers })

  it('subscribes the address once; used again, expired or changed, it changes nothing', async () => {
    const token = await signedUp()
    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: OUTCOMES.confirmed.text } })
    const [subscriber] = await subscribers()
    expect(subscriber).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) })
    expect((await db().select().from(newsletterConsents))[0]!.confirmedAt).toBeInstanceOf(Date)

    // Used again while subscribed: the first confirmation's answer (issue 45), and nothing changes.
    const before = await databaseDigest()
    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: OUTCOMES.confirmed.text } })
    const [consent] = await db().select().from(newsletterConsents)
    const key = await newsletterKey()
    const expired = confirmToken(key, consent!.id, subscriber!.email, new Date(Date.now() - 49 * 3_600_000))
    expect(await confirm(expired)).toMatchObject({ status: 410, body: { message: OUTCOMES['link-expired'].text } })
    const changed = token.replace(/\.c?(\d+)\./, (m) => m.replace(/\d+/, (d) => String(Number(d) + 1)))
    for (const bad of [
      changed,
      `${token}x`,
      'c.1.99999999999.AAAA',
      '',
      42,
      unsubscribeToken(key, subscriber!.id, subscriber!.email),
    ])
      expect((await confirm(bad)).status, String(bad)).toBe(400)
    expect(await databaseDigest()).toBe(before)
  })

  it('opened or pressed again while the address is subscribed, says it is subscribed, as the first time (issue 45)', async () => {
    const token = await signedUp()
    expect(await confirmLinkState(token)).toMatchObject({ kind: 'ready', email: 'reader@example.com' })
    expect((await confirm(token)).status).toBe(200)
    // The page the email's link opens (src/pages/newsletter/confirm.astro shows OUTCOMES.confirmed, 200).
    expect(await confirmLinkState(token)).toEqual({ kind: 'subscribed' })
    const before = await databaseDigest()
    const again = await visitor('/api/newsletter/confirmations', { form: { token }, headers: { accept: 'text/html' } })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('/newsletter?result=confirmed')
    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: CONFIRMED } })
    expect(await databaseDigest()).toBe(before)
  })

  it('used again after the address unsubscribed, still says already used (410) and does not subscribe it again', async () => {
    const token = await signedUp()
    expect((await confirm(token)).status).toBe(200)
    const [subscriber] = await subscribers()
    const out = unsubscribeToken(await newsletterKey(), subscriber!.id, subscriber!.email)
    await visitor(`/api/newsletter/unsubscribe?token=${out}`, { form: { 'List-Unsubscribe': 'One-Click' } })
    const before = await databaseDigest()
    expect(await confirmLinkState(token)).toEqual({ kind: 'used' })
    expect(await confirm(token)).toMatchObject({ status: 410, body: { message: LINK_USED } })
    expect((await subscribers())[0]!.status).toBe('unsubscribed')
    expect(await databaseDigest()).toBe(before)
  })

  it('expired, it is refused as expired even when the address is subscribed', async () => {
    const token = await signedUp()
    expect((await confirm(token)).status).toBe(200)
    const [consent] = await db().select().from(newsletterConsents)
    const expired = confirmToken(
      await newsletterKey(),
      consent!.id,
      'reader@example.com',
      new Date(Date.now() - 49 * 3_600_000),
    )
    expect(await confirmLinkState(expired)).toEqual({ kind: 'expired' })
    expect(await confirm(expired)).toMatchObject({ status: 410, body: { message: LINK_EXPIRED } })
  })

  it('an expired link of a pending address does not subscribe it', async () => {
    await signUp('reader@example.com')
    const [consent] = await db().select().from(newsletterConsents)
    const token = confirmToken(
      await newsletterKey(),
      consent!.id,
      'reader@example.com',
      new Date(Date.now() - 48 * 3_600_000 - 1000),
    )
    expect((await confirm(token)).status).toBe(410)
    expect((await subscribers())[0]!.status).toBe('pending')
  })

  it('the page button without JavaScript lands on the outcome page', async () => {
    const token = await signedUp()
    const res = await visitor('/api/newsletter/confirmations', {
      form: { token },
      headers: { accept: 'text/html' },
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/newsletter?result=confirmed')
  })
})

describe('the unsubscribe address (RFC 8058)', () => {
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    visitor(`/api/newsletter/unsubscribe?token=${token}`, { form: { 'List-Unsubscribe': 'One-Click' }, headers })

  it('one POST unsubscribes at once with a 2xx; again, or changed, it changes nothing', async () => {
    const [subscriber] = await createSubscribers(1)
    const token = unsubscribeToken(await newsletterKey(), subscriber!.id, subscriber!.email)
    // A mail provider's POST has no Origin; whatever it accepts, it gets the answer, not a redirect.
    const res = await oneClick(token, { accept: 'text/html,*/*' })
    expect(res).toMatchObject({ status: 200, body: { message: OUTCOMES.unsubscribed.text } })
    expect((await subscribers())[0]).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(Date) })
    const before = await databaseDigest()
    expect(await oneClick(token)).toMatchObject({
      status: 200,
      body: { message: OUTCOMES['already-unsubscribed'].text },
    })
    expect((await oneClick(token.replace(`u.${subscriber!.id}.`, `u.${subscriber!.id + 1}.`))).status).toBe(400)
    expect((await oneClick('u.1.forged')).status).toBe(400)
    expect(await databaseDigest()).toBe(before)
  })

  it('unsubscribes from a mail client on another origin: the token is the authority (issue 42)', async () => {
    const [subscriber] = await createSubscribers(1)
    const token = unsubscribeToken(await newsletterKey(), subscriber!.id, subscriber!.email)
    const res = await oneClick(token, { origin: 'https://mail.example', referer: 'https://mail.example/inbox/1' })
    expect(res).toMatchObject({ status: 200, body: { message: OUTCOMES.unsubscribed.text } })
    expect((await subscribers())[0]).toMatchObject({ status: 'unsubscribed' })
    // Its origin does not matter; a forged token still changes nothing, and a sign-up from there is refused.
    const before = await databaseDigest()
    expect((await oneClick('u.1.forged', { origin: 'https://mail.example' })).status).toBe(400)
    expect(
      (
        await visitor('/api/newsletter/subscriptions', {
          body: { email: 'x@example.com' },
          headers: { origin: 'https://mail.example' },
        })
      ).status,
    ).toBe(403)
    expect(await databaseDigest()).toBe(before)
  })

  it('an address erased since, or a test email to an address not on the list, has nothing to unsubscribe', async () => {
    const key = await newsletterKey()
    expect(await oneClick(unsubscribeToken(key, 0, 'someone@example.com'))).toMatchObject({
      status: 200,
      body: { message: OUTCOMES['not-on-list'].text },
    })
    expect(await oneClick(unsubscribeToken(key, 999, 'gone@example.com'))).toMatchObject({ status: 200 })
  })

  it('opened in a browser (GET), it shows the page with a button and unsubscribes nobody', async () => {
    const [subscriber] = await createSubscribers(1)
    const token = unsubscribeToken(await newsletterKey(), subscriber!.id, subscriber!.email)
    const res = await visitor(`/api/newsletter/unsubscribe?token=${token}`, { method: 'GET' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
    expect((await subscribers())[0]!.status).toBe('confirmed')
  })

  it('a pending address can unsubscribe too, from its confirmation email', async () => {
    await signUp('reader@example.com')
    const [email] = await mail.fake.waitFor(1)
    const link = /<([^>]+)>/.exec(email!.headers['list-unsubscribe']!)![1]!
    const res = await visitor(new URL(link).pathname + new URL(link).search, {
      form: { 'List-Unsubscribe': 'One-Click' },
    })
    expect(res.status).toBe(200)
    const [subscriber] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'))
    expect(subscriber!.status).toBe('unsubscribed')
  })
})
