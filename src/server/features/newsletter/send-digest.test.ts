import { spawn } from 'node:child_process'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { siteUrl } from '../../../env.server.ts'
import { createApp } from '../../app.ts'
import { db } from '../../db/client.ts'
import { jobs, newsletterDigestRecipients, newsletterDigests, newsletterSubscribers } from '../../db/schema.ts'
import { runJob } from '../../jobs/jobs.ts'
import { getJob, requeueJob } from '../../repos/jobs.repo.ts'
import { saveSchedulerConfig } from '../../repos/scheduler.repo.ts'
import { listSchedulerRuns } from '../../repos/scheduler-runs.repo.ts'
import { setSetting } from '../../repos/site-settings.repo.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import { createNews, createSubscribers } from '../../demo/factories.ts'
import { sendTo, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { startMailHarness, type MailHarness } from '../../../../tests/helpers/mail.ts'
import { testPlatform, type TestPlatform } from '../../../../tests/helpers/platform.ts'
import type { ReceivedMail } from '../../../../fakes/smtp-server.ts'

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
  mail.waits.length = 0
  cookie = await adminCookie()
  // Monday 06:00 on the site's clock, Paris: 05:00 UTC in winter.
  await setSetting('time_zone', 'Europe/Paris')
  await saveSchedulerConfig({
    enabled: true,
    digest: { enabled: true, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 },
  })
})

const at = (iso: string) => new Date(iso)
/** 2026-11-30 is a Monday: 06:00 in Paris. */
const MONDAY = at('2026-11-30T05:00:00Z')
const week = (n: number) => new Date(MONDAY.getTime() + n * 7 * 86_400_000)

async function tickAndSend(now: Date) {
  const report = await runSchedulerTick(platform, now)
  await mail.jobsSettled()
  return report
}

/** How many digests each address got. */
const perRecipient = (messages: readonly ReceivedMail[]) => {
  const counts = new Map<string, number>()
  for (const m of messages) counts.set(m.to, (counts.get(m.to) ?? 0) + 1)
  return counts
}
const digests = () => db().select().from(newsletterDigests).orderBy(newsletterDigests.id)
const statuses = async () =>
  Object.fromEntries(
    (await db().select().from(newsletterSubscribers)).map((s) => [s.email, s.status] as const),
  ) as Record<string, string>

describe('the scheduled digest', () => {
  it("sends the week's articles once to every confirmed address at the owner's time, on the site's clock", async () => {
    const readers = await createSubscribers(12)
    await createSubscribers(1, { status: 'pending', prefix: 'pending' })
    await createSubscribers(1, { status: 'unsubscribed', prefix: 'gone' })
    const newest = await createNews({ title: 'Verstappen wins in Abu Dhabi', timestamp: at('2026-11-29T18:00:00Z') })
    const older = await createNews({ title: 'Title fight goes to the wire', timestamp: at('2026-11-25T10:00:00Z') })
    await createNews({ title: 'Last month', timestamp: at('2026-11-01T10:00:00Z') })
    await createNews({ title: 'A draft', status: 'draft', timestamp: at('2026-11-28T10:00:00Z') })

    // 06:00 UTC is 07:00 in Paris: an hour late, past the catch-up window. 05:00 UTC is the slot.
    await tickAndSend(at('2026-11-30T04:59:00Z'))
    expect(mail.fake.messages).toEqual([])
    const report = await tickAndSend(MONDAY)
    expect(report.started.filter((s) => s.run.kind === 'digest')).toHaveLength(1)

    const messages = mail.fake.messages
    expect([...perRecipient(messages).entries()].sort()).toEqual(readers.map((r) => [r.email, 1]).sort())
    for (const m of messages) {
      expect(m.subject).toBe('SimRacing Hub weekly: Verstappen wins in Abu Dhabi, and 1 more')
      expect(m.html).toContain('Verstappen wins in Abu Dhabi')
      expect(m.html).toContain('Title fight goes to the wire')
      expect(m.html).not.toContain('Last month')
      expect(m.html).not.toContain('A draft')
      expect(m.text).toContain('Verstappen wins in Abu Dhabi')
      // Each article at its address, with the digest's tags for the Audience tab (issue 45).
      const tags = `utm_source=newsletter&utm_medium=email&utm_campaign=digest-`
      expect(m.text).toContain(`${siteUrl}/news/${newest.id}/verstappen-wins-in-abu-dhabi?${tags}`)
      expect(m.html).toContain(
        `href="${siteUrl}/news/${older.id}/title-fight-goes-to-the-wire?${tags.replaceAll('&', '&amp;')}`,
      )
      // Our pages only: links and pictures.
      for (const [, url] of m.html.matchAll(/(?:href|src)="([^"]+)"/g))
        expect(url!.startsWith(`${siteUrl}/`), url).toBe(true)
      expect(m.html).toContain(`${siteUrl}/.netlify/images?url=`)
      // RFC 8058, with the recipient's own address, also visible in the body.
      const token = /\/api\/newsletter\/unsubscribe\?token=([^>]+)>/.exec(m.headers['list-unsubscribe']!)![1]!
      expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      expect(m.html).toContain(`href="${siteUrl}/newsletter/unsubscribe?token=${token}"`)
      expect(m.text).toContain(`${siteUrl}/newsletter/unsubscribe?token=${token}`)
    }
    expect(new Set(messages.map((m) => m.headers['list-unsubscribe'])).size).toBe(12)

    const [digest] = await digests()
    expect(digest).toMatchObject({ status: 'sent', recipients: 12, articleIds: [newest.id, older.id] })
    const job = await getJob(digest!.jobId!)
    expect(job).toMatchObject({ status: 'completed', completed: 12, total: 12, errors: [] })
    expect(job!.result).toMatchObject({ summary: 'Sent to 12 subscribers.' })
    const [run] = (await listSchedulerRuns()).filter((r) => r.kind === 'digest')
    expect(run).toMatchObject({
      slotKey: 'digest:2026-11-30T05:00Z',
      status: 'completed',
      message: 'Sent to 12 subscribers.',
    })

    // Overlapping ticks in the same minutes make no second digest.
    await tickAndSend(new Date(MONDAY.getTime() + 30_000))
    await tickAndSend(new Date(MONDAY.getTime() + 5 * 60_000))
    expect(mail.fake.messages).toHaveLength(12)
    expect(await digests()).toHaveLength(1)
  })

  it('the one-click unsubscribe takes effect at once: nothing more after it', async () => {
    const [leaving, staying] = await createSubscribers(2)
    await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
    await tickAndSend(MONDAY)
    const header = mail.fake.messages.find((m) => m.to === leaving!.email)!.headers['list-unsubscribe']!
    const url = new URL(/<([^>]+)>/.exec(header)![1]!)
    const res = await send('POST', url.pathname + url.search, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(200)

    await createNews({ title: 'Next week', timestamp: at('2026-12-03T18:00:00Z') })
    mail.fake.reset()
    await tickAndSend(week(1))
    expect(mail.fake.messages.map((m) => m.to)).toEqual([staying!.email])
    expect(mail.fake.messages[0]!.html).toContain('Next week')
    // Only what was published since the last digest.
    expect(mail.fake.messages[0]!.subject).toBe('SimRacing Hub weekly: Next week')
  })

  it('carries an article the same tick publishes at its scheduled time', async () => {
    await createSubscribers(1)
    await createNews({ title: 'Due at six', status: 'draft', publishAt: MONDAY, timestamp: at('2026-11-20T00:00:00Z') })
    await tickAndSend(MONDAY)
    expect(mail.fake.messages.map((m) => m.subject)).toEqual(['SimRacing Hub weekly: Due at six'])
  })

  it('is not sent when nothing was published since the last one', async () => {
    await createSubscribers(3)
    await tickAndSend(MONDAY)
    expect(mail.fake.messages).toEqual([])
    const [digest] = await digests()
    expect(digest).toMatchObject({ status: 'empty', recipients: 0, jobId: null })
    const [run] = (await listSchedulerRuns()).filter((r) => r.kind === 'digest')
    expect(run).toMatchObject({ status: 'completed', message: 'No new articles since the last digest: nothing sent.' })
  })

  it('a permanent refusal (5xx) marks that address bounced, and only that one; it is never mailed again', async () => {
    const readers = await createSubscribers(5)
    const [bouncing] = await createSubscribers(1, { prefix: 'bounce' })
    await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
    await tickAndSend(MONDAY)
    expect(mail.fake.messages.map((m) => m.to).sort()).toEqual(readers.map((r) => r.email).sort())
    expect(await statuses()).toMatchObject({
      [bouncing!.email]: 'bounced',
      ...Object.fromEntries(readers.map((r) => [r.email, 'confirmed'])),
    })
    const [digest] = await digests()
    const job = await getJob(digest!.jobId!)
    expect(job!.status).toBe('completed')
    expect(job!.errors).toEqual([expect.stringContaining(`${bouncing!.email}: Bounced: 550`)])
    expect(job!.result).toMatchObject({ summary: 'Sent to 5 subscribers, 1 failed.' })

    await createNews({ timestamp: at('2026-12-03T18:00:00Z') })
    mail.fake.reset()
    await tickAndSend(week(1))
    expect(mail.fake.messages).toHaveLength(5)
    expect(mail.fake.messages.map((m) => m.to)).not.toContain(bouncing!.email)
  })

  it('a batch the server answers 4xx is sent again after a wait, and nobody gets it twice', async () => {
    await createSubscribers(8)
    await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
    mail.fake.queue(
      { kind: 'rcpt', code: 451, message: '4.7.1 Greylisted, try again later' },
      { kind: 'rcpt', code: 451, message: '4.7.1 Greylisted, try again later' },
    )
    await tickAndSend(MONDAY)
    expect([...perRecipient(mail.fake.messages).values()]).toEqual(Array(8).fill(1))
    expect(mail.waits).toEqual([1_000])
    const [digest] = await digests()
    const job = await getJob(digest!.jobId!)
    expect(job!.status).toBe('completed')
    expect(job!.errors.join('\n')).toContain('Mail server did not take 2 messages: 451 4.7.1 Greylisted')
  })

  it('the mail server away: retried with backoff, then stopped for the owner to resume; resumed, each gets it once', async () => {
    const readers = await createSubscribers(7)
    await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
    await mail.fake.stop()
    try {
      await tickAndSend(MONDAY)
    } finally {
      await mail.fake.start()
    }
    expect(mail.waits).toEqual([1_000, 2_000, 4_000])
    const [digest] = await digests()
    expect(digest).toMatchObject({ status: 'stopped', lastError: expect.stringContaining('after 3 retries') })
    expect((await getJob(digest!.jobId!))!.status).toBe('failed')
    const [run] = (await listSchedulerRuns()).filter((r) => r.kind === 'digest')
    expect(run).toMatchObject({ status: 'failed', message: expect.stringContaining('not sent yet') })
    const panel = await send('GET', '/api/admin/newsletter', { cookie })
    expect(panel.body.digests[0]).toMatchObject({
      status: 'stopped',
      counts: { pending: 7, sent: 0 },
      lastError: expect.stringContaining('ECONNREFUSED'),
    })

    const resumed = await send('POST', `/api/admin/newsletter/digests/${digest!.id}/resume`, { cookie })
    expect(resumed.status).toBe(202)
    await mail.jobsSettled()
    expect([...perRecipient(mail.fake.messages).entries()].sort()).toEqual(readers.map((r) => [r.email, 1]).sort())
    expect((await digests())[0]).toMatchObject({ status: 'sent', lastError: null })
    // Resuming again does nothing: it is no longer stopped.
    expect((await send('POST', `/api/admin/newsletter/digests/${digest!.id}/resume`, { cookie })).status).toBe(409)
  })

  it('a message the server never answers is left in doubt: not sent again on its own; the owner skips or resends', async () => {
    const readers = await createSubscribers(4)
    await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
    mail.fake.when(new RegExp(`^${readers[1]!.email}$`), { kind: 'hang' })
    await tickAndSend(MONDAY)
    // It did reach the server (the sender could not know): everyone has exactly one.
    expect([...perRecipient(mail.fake.messages).values()]).toEqual([1, 1, 1, 1])
    const panel = await send('GET', '/api/admin/newsletter', { cookie })
    const [digest] = panel.body.digests
    expect(digest).toMatchObject({ status: 'sent', counts: { sent: 3, claimed: 1 }, inDoubt: [readers[1]!.email] })

    const skipped = await send('POST', `/api/admin/newsletter/digests/${digest.id}/in-doubt`, {
      cookie,
      body: { choice: 'skip' },
    })
    expect(skipped.body).toMatchObject({ changed: 1, job: null })
    const after = await send('GET', '/api/admin/newsletter', { cookie })
    expect(after.body.digests[0]).toMatchObject({ counts: { sent: 3, claimed: 0, skipped: 1 }, inDoubt: [] })
    await mail.jobsSettled()
    expect(mail.fake.messages).toHaveLength(4)
  })

  it('refused for every address of a batch (relay denied): the sender stops and marks nobody bounced', async () => {
    const strict = await startMailHarness({ mail: { batchSize: 10 } })
    try {
      const own = testPlatform(strict.platform)
      await createSubscribers(10)
      await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
      strict.fake.when(/./, { kind: 'rcpt', code: 550, message: '5.7.1 Relaying denied' })
      await runSchedulerTick(own, MONDAY)
      await strict.jobsSettled()
      expect(Object.values(await statuses())).toEqual(Array(10).fill('confirmed'))
      expect((await digests())[0]).toMatchObject({
        status: 'stopped',
        lastError: expect.stringContaining('Relaying denied'),
      })
      const pending = await db()
        .select()
        .from(newsletterDigestRecipients)
        .where(eq(newsletterDigestRecipients.status, 'pending'))
      expect(pending).toHaveLength(10)
    } finally {
      await strict.close()
    }
  })
})

describe('a digest job killed half-way', () => {
  it('run again, sends to nobody twice; what the dead sender had claimed is the owner’s choice', async () => {
    const readers = await createSubscribers(30)
    await createNews({ timestamp: at('2026-11-29T18:00:00Z') })
    // The tick makes the digest; its job is launched into another process, killed half-way.
    const queued = await startMailHarness({ runJobs: false })
    let jobId: number
    try {
      await runSchedulerTick(testPlatform(queued.platform), MONDAY)
      jobId = queued.launched[0]!
    } finally {
      await queued.close()
    }
    // Slow enough that the kill lands in the middle of the third batch of five.
    mail.fake.queue(...Array.from({ length: 40 }, () => ({ kind: 'slow' as const, ms: 40 })))
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('tests/fixtures/newsletter/run-digest-job.ts'), String(jobId), mail.fake.url],
      // The child inherits this worker's environment: its database (tests/setup/db.setup.ts).
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    await mail.fake.waitFor(12, 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${stderr}`)
    })
    child.kill('SIGKILL')
    await exited

    const claimed = await db()
      .select({ id: newsletterDigestRecipients.subscriberId })
      .from(newsletterDigestRecipients)
      .where(eq(newsletterDigestRecipients.status, 'claimed'))
    expect(claimed.length).toBeGreaterThan(0)
    expect(claimed.length).toBeLessThanOrEqual(5)

    // Five minutes on, the tick's relaunch would take the dead runner's job again: here, at once.
    await requeueJob(jobId, new Date(Date.now() + 6 * 60_000))
    await runJob(platform, jobId)
    const counts = perRecipient(mail.fake.messages)
    expect(Math.max(...counts.values())).toBe(1)
    const inDoubt = new Set(
      (await db().select().from(newsletterSubscribers))
        .filter((s) => claimed.some((c) => c.id === s.id))
        .map((s) => s.email),
    )
    for (const reader of readers) {
      if (!inDoubt.has(reader.email)) expect(counts.get(reader.email), reader.email).toBe(1)
    }
    const [digestRow] = await digests()
    const job = await getJob(jobId)
    expect(job!.status).toBe('completed')
    expect(job!.errors[0]).toMatch(/of an earlier run may or may not have got the digest/)

    // The owner sees them and chooses to resend: each of them gets one more, nobody else anything.
    const panel = await send('GET', '/api/admin/newsletter', { cookie })
    expect(new Set(panel.body.digests[0].inDoubt)).toEqual(inDoubt)
    const before = mail.fake.messages.length
    const resent = await send('POST', `/api/admin/newsletter/digests/${digestRow!.id}/in-doubt`, {
      cookie,
      body: { choice: 'resend' },
    })
    expect(resent.body.changed).toBe(inDoubt.size)
    await mail.jobsSettled()
    expect(new Set(mail.fake.messages.slice(before).map((m) => m.to))).toEqual(inDoubt)
    expect(mail.fake.messages.length - before).toBe(inDoubt.size)
    const rows = await db().select().from(jobs)
    expect(rows.filter((r) => r.kind === 'newsletter-digest')).toHaveLength(2)
  }, 120_000)
})
