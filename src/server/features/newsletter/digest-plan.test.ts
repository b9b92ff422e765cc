import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { db } from '../../db/client.ts'
import { newsletterDigests } from '../../db/schema.ts'
import { saveSchedulerConfig } from '../../repos/scheduler.repo.ts'
import { listSchedulerRuns } from '../../repos/scheduler-runs.repo.ts'
import { setSetting } from '../../repos/site-settings.repo.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import { createNews, createSubscribers } from '../../demo/factories.ts'
import { POSTAL_ADDRESS_MISSING, POSTAL_ADDRESS_REQUIRED_FROM } from '../../../lib/newsletter/digest-plan.ts'
import { sendTo, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { startMailHarness, type MailHarness } from '../../../../tests/helpers/mail.ts'
import { testPlatform, type TestPlatform } from '../../../../tests/helpers/platform.ts'
import { digestPage } from './digest.ts'
import { newsletterKey, previewToken } from './tokens.ts'

/**
 * The digest the owner shapes (issue 45, decision 0874), through the API and the scheduler: the
 * intro, the order and the articles left out reach the digest that goes out, once; the postal
 * address goes in its footer and holds it back when missing past the line; its page on the site.
 */
let mail: MailHarness
let platform: TestPlatform
let send: Send
let cookie: string
beforeAll(async () => {
  mail = await startMailHarness()
  platform = testPlatform(mail.platform)
  send = sendTo(createApp(platform))
})
afterAll(() => mail.close())
beforeEach(async () => {
  await resetDatabase()
  mail.fake.reset()
  cookie = await adminCookie()
  await setSetting('time_zone', 'UTC')
  await dailyAt(SLOT)
})

// The preview is made at the real time: the articles are of the last hours, the digest due at the
// next quarter hour (the scheduler's grid), a daily digest.
const SLOT = new Date(Math.ceil((Date.now() + 60_000) / 900_000) * 900_000)
const before = (hours: number) => new Date(Date.now() - hours * 3_600_000)
const dailyAt = (slot: Date) =>
  saveSchedulerConfig({
    enabled: true,
    digest: { enabled: true, frequency: 'daily', hour: slot.getUTCHours(), minute: slot.getUTCMinutes() },
  })

async function tickAndSend(now: Date) {
  await runSchedulerTick(platform, now)
  await mail.jobsSettled()
}

/** The article titles of a digest's HTML, in order. */
const titlesIn = (html: string) => [...html.matchAll(/<h2[^>]*><a[^>]*>([^<]+)<\/a>/g)].map(([, t]) => t)

describe('the digest the owner shapes', () => {
  it("sends the owner's intro and order without the article left out, once; the next digest starts afresh", async () => {
    await createSubscribers(2)
    const first = await createNews({ title: 'Oldest of the week', timestamp: before(5) })
    const dropped = await createNews({ title: 'Not for the digest', timestamp: before(4) })
    const newest = await createNews({ title: 'Newest of the week', timestamp: before(3) })

    const saved = await send('PUT', '/api/admin/newsletter/next-digest', {
      cookie,
      body: { intro: 'Endurance week.\n\nAnd a new build.', order: [first.id, newest.id], dropped: [dropped.id] },
    })
    expect(saved.status).toBe(200)
    // The answer is the preview made with the plan: what the owner sees is what goes out.
    expect(saved.body).toMatchObject({
      articles: [{ id: first.id }, { id: newest.id }],
      rows: [
        { id: first.id, included: true },
        { id: newest.id, included: true },
        { id: dropped.id, included: false },
      ],
      plan: { intro: 'Endurance week.\n\nAnd a new build.' },
    })
    // An article published after the owner arranged the rest goes after them.
    await createNews({ title: 'Late news', timestamp: before(1) })

    await tickAndSend(SLOT)
    expect(mail.fake.messages).toHaveLength(2)
    const [digest] = await db().select().from(newsletterDigests)
    for (const m of mail.fake.messages) {
      expect(titlesIn(m.html)).toEqual(['Oldest of the week', 'Newest of the week', 'Late news'])
      expect(m.html).not.toContain('Not for the digest')
      expect(m.html).toContain('>Endurance week.</p>')
      expect(m.text).toContain('And a new build.')
      expect(m.html).toContain(`href="http://localhost:8888/newsletter/digests/${digest!.id}"`)
    }
    expect(digest!.subject).toBe('SimRacing Hub daily: Oldest of the week, and 2 more')

    // The plan served that digest: the next one has no intro and the period's own order.
    const next = await send('GET', '/api/admin/newsletter/preview', { cookie })
    expect(next.body).toMatchObject({ plan: { intro: '', order: [], dropped: [] } })
  })

  it('refuses a plan it cannot keep, changing nothing', async () => {
    const article = await createNews({ title: 'Kept', timestamp: before(2) })
    await send('PUT', '/api/admin/newsletter/next-digest', {
      cookie,
      body: { intro: 'Mine', order: [article.id], dropped: [] },
    })
    const digest = await databaseDigest()
    for (const [body, message] of [
      [{ intro: 'x'.repeat(2001), order: [], dropped: [] }, 'The intro can be at most 2000 characters.'],
      [{ intro: '', order: ['one'], dropped: [] }, 'The order must be a list of article ids.'],
      [{ intro: '', order: [], dropped: 'all' }, 'The articles left out must be a list of article ids.'],
    ] as const) {
      const res = await send('PUT', '/api/admin/newsletter/next-digest', { cookie, body })
      expect(res).toMatchObject({ status: 400, body: { message } })
    }
    const address = await send('PUT', '/api/admin/newsletter/postal-address', {
      cookie,
      body: { postalAddress: 'x'.repeat(301) },
    })
    expect(address).toMatchObject({
      status: 400,
      body: { message: 'The postal address can be at most 300 characters.' },
    })
    expect(await databaseDigest()).toBe(digest)
    // Nobody else arranges the owner's digest.
    expect(
      (await send('PUT', '/api/admin/newsletter/next-digest', { body: { intro: '', order: [], dropped: [] } })).status,
    ).toBe(401)
  })

  it(`holds the digest without a postal address from ${POSTAL_ADDRESS_REQUIRED_FROM} subscribers, and sends it with the address in its footer`, async () => {
    await createSubscribers(POSTAL_ADDRESS_REQUIRED_FROM)
    await createNews({ title: 'Held back', timestamp: before(5) })
    const preview = await send('GET', '/api/admin/newsletter/preview', { cookie })
    expect(preview.body).toMatchObject({ held: POSTAL_ADDRESS_MISSING })

    await tickAndSend(SLOT)
    expect(mail.fake.messages).toEqual([])
    expect(await db().select().from(newsletterDigests)).toEqual([])
    const [run] = await listSchedulerRuns(1)
    expect(run).toMatchObject({ kind: 'digest', status: 'failed', message: POSTAL_ADDRESS_MISSING })

    const saved = await send('PUT', '/api/admin/newsletter/postal-address', {
      cookie,
      body: { postalAddress: ' SimRacing Hub\n1 Pit Lane\nSilverstone ' },
    })
    expect(saved).toMatchObject({ status: 200, body: { postalAddress: 'SimRacing Hub\n1 Pit Lane\nSilverstone' } })
    // The owner's next slot carries what was held: nothing was lost.
    const later = new Date(SLOT.getTime() + 7 * 60_000) // any minute, not only the quarter hours
    await dailyAt(later)
    await tickAndSend(later)
    expect(mail.fake.messages).toHaveLength(POSTAL_ADDRESS_REQUIRED_FROM)
    expect(mail.fake.messages[0]!.html).toContain('Held back')
    expect(mail.fake.messages[0]!.html).toContain('SimRacing Hub<br/>1 Pit Lane<br/>Silverstone')
    expect(mail.fake.messages[0]!.text).toContain('1 Pit Lane')
  })

  it("serves a sent digest as a page, and the preview only through a test email's link", async () => {
    await createSubscribers(1)
    await createNews({ title: 'On the page', timestamp: before(3) })
    await tickAndSend(SLOT)
    const [digest] = await db().select().from(newsletterDigests)
    const page = await digestPage(String(digest!.id), null)
    expect(page).toContain('On the page')
    // Nobody's own unsubscribe link: the sign-up page in its place.
    expect(page).not.toContain('placeholder.invalid')
    expect(page).toContain('href="http://localhost:8888/newsletter"')
    for (const which of ['0', '999', '1e3', `${digest!.id}x`, '99999999999'])
      expect(await digestPage(which, null)).toBeUndefined()

    const key = await newsletterKey()
    const now = new Date()
    expect(await digestPage('preview', previewToken(key, now), now)).toContain('On the page')
    expect(await digestPage('preview', null, now)).toBeUndefined()
    expect(await digestPage('preview', `${previewToken(key, now)}x`, now)).toBeUndefined()
    const late = new Date(now.getTime() + 8 * 86_400_000)
    expect(await digestPage('preview', previewToken(key, now), late)).toBeUndefined()
  })
})
