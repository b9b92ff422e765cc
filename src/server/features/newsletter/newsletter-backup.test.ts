import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '../../db/client.ts'
import { newsletterConsents, newsletterSubscribers } from '../../db/schema.ts'
import { createSubscribers } from '../../demo/factories.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { startMailHarness, type MailHarness } from '../../../../tests/helpers/mail.ts'
import { eq } from 'drizzle-orm'
import { mac } from '../../auth/signing.ts'
import { confirmToken, newsletterKey, TAGGED_LINKS_FROM, unsubscribeToken } from './tokens.ts'

/**
 * The newsletter's addresses and consents are in the backup archive and come back with a restore
 * (docs/decisions/0610), through the System tab's routes; its digests, a ledger, are not.
 */
let blobs: BlobsHarness
let mail: MailHarness
let site: ReturnType<typeof appWith>
let send: Send
let cookie = ''
beforeAll(async () => {
  blobs = await startBlobs()
  mail = await startMailHarness()
  site = appWith({ blobs: blobs.stores, ...mail.platform })
  send = site.send
  await resetDatabase()
  cookie = await adminCookie()
})
afterAll(async () => {
  await blobs.close()
  await mail.close()
})

async function download(): Promise<Buffer> {
  const opened = await send('POST', '/api/admin/backup/exports', { cookie })
  expect(opened.status, JSON.stringify(opened.body)).toBe(201)
  const chunks: Buffer[] = []
  for (let i = 0; i < opened.body.chunks; i++) {
    const res = await site.app.request(`/api/admin/backup/exports/${opened.body.id}/chunks/${i}`, {
      headers: { cookie },
    })
    expect(res.status).toBe(200)
    chunks.push(Buffer.from(await res.arrayBuffer()))
  }
  await send('DELETE', `/api/admin/backup/exports/${opened.body.id}`, { cookie })
  return Buffer.concat(chunks)
}

async function restore(file: Buffer, replace: boolean) {
  const opened = await send('POST', '/api/admin/backup/restores', { cookie, body: { size: file.length } })
  expect(opened.status).toBe(201)
  for (let i = 0; i < opened.body.chunks; i++) {
    const chunk = new Uint8Array(file.subarray(i * opened.body.chunkSize, (i + 1) * opened.body.chunkSize))
    await send('PUT', `/api/admin/backup/restores/${opened.body.id}/chunks/${i}`, {
      cookie,
      raw: chunk,
      headers: { 'content-type': 'application/octet-stream' },
    })
  }
  return send('POST', `/api/admin/backup/restores/${opened.body.id}/complete`, { cookie, body: { replace } })
}

const rows = async () => ({
  subscribers: (await db().select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id)).map(
    ({ updatedAt: _, ...s }) => s,
  ),
  consents: await db().select().from(newsletterConsents).orderBy(newsletterConsents.id),
})

describe('the newsletter in the backup archive', () => {
  it('keeps the addresses and their consents, restores them as they were, and counts them as content', async () => {
    const [reader] = await createSubscribers(2)
    await createSubscribers(1, { status: 'unsubscribed', unsubscribedAt: new Date() })
    await db().insert(newsletterConsents).values({
      subscriberId: reader!.id,
      page: '/news/7',
      text: 'We keep only your email address.',
      confirmedAt: new Date(),
    })
    const before = await rows()

    const file = await download()
    // Format 2 (decision 0611): one JSON line per row, `{"t": table, "r": row}`.
    const lines = gunzipSync(file)
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { t?: string })
    const rowsOf = (table: string) => lines.filter((line) => line.t === table)
    expect(rowsOf('newsletter_subscribers')).toHaveLength(3)
    expect(rowsOf('newsletter_consents')).toHaveLength(1)
    expect(rowsOf('newsletter_digests')).toHaveLength(0)

    // A site with subscribers only is not empty: no restore over it unasked (the upload's audit rows aside).
    await db().delete(newsletterConsents)
    const kept = await rows()
    expect((await restore(file, false)).status).toBe(409)
    expect(await rows()).toEqual(kept)

    await resetDatabase()
    cookie = await adminCookie()
    const restored = await restore(file, false)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(await rows()).toEqual(before)
  })

  it("does nothing with a removed reader's links to the reader who got the ids after a restore (issue 42)", async () => {
    await resetDatabase()
    cookie = await adminCookie()
    const earlier = await download()
    // Ana signs up after that archive and is sent her links.
    const [ana] = await createSubscribers(1, { status: 'pending', prefix: 'ana' })
    const [anaConsent] = await db()
      .insert(newsletterConsents)
      .values({ subscriberId: ana!.id, page: '/news/7', text: 'We keep only your email address.' })
      .returning()
    const key = await newsletterKey()
    const anaConfirm = confirmToken(key, anaConsent!.id, ana!.email)
    const anaUnsubscribe = unsubscribeToken(key, ana!.id, ana!.email)

    // The earlier archive is restored: Ana is gone, and the ids she had are free again.
    const restored = await restore(earlier, true)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const [bob] = await createSubscribers(1, { status: 'pending', prefix: 'bob' })
    const [bobConsent] = await db()
      .insert(newsletterConsents)
      .values({ subscriberId: bob!.id, page: '/', text: 'We keep only your email address.' })
      .returning()
    expect([bob!.id, bobConsent!.id]).toEqual([ana!.id, anaConsent!.id])

    const confirmed = await send('POST', '/api/newsletter/confirmations', { body: { token: anaConfirm } })
    expect(confirmed.status).toBe(400)
    const unsubscribed = await send('POST', `/api/newsletter/unsubscribe?token=${anaUnsubscribe}`, { body: {} })
    expect(unsubscribed.body.message).not.toMatch(/unsubscribed/i)
    expect((await rows()).subscribers).toEqual([expect.objectContaining({ email: bob!.email, status: 'pending' })])
    expect((await rows()).consents).toEqual([expect.objectContaining({ id: bobConsent!.id, confirmedAt: null })])
  })

  it('keeps the unsubscribe link of an email sent before links named their address, for the readers of then only', async () => {
    await resetDatabase()
    const key = await newsletterKey()
    const earlier = (id: number) => `u.${id}.${mac(key, `u.${id}`)}`
    const [then] = await createSubscribers(1, { prefix: 'then' })
    await db()
      .update(newsletterSubscribers)
      .set({ createdAt: new Date(TAGGED_LINKS_FROM.getTime() - 86_400_000) })
      .where(eq(newsletterSubscribers.id, then!.id))
    const [since] = await createSubscribers(1, { prefix: 'since' })
    await db()
      .update(newsletterSubscribers)
      .set({ createdAt: new Date(TAGGED_LINKS_FROM.getTime() + 3_600_000) })
      .where(eq(newsletterSubscribers.id, since!.id))

    expect(
      (await send('POST', `/api/newsletter/unsubscribe?token=${earlier(since!.id)}`, { body: {} })).body.message,
    ).not.toMatch(/unsubscribed/i)
    const done = await send('POST', `/api/newsletter/unsubscribe?token=${earlier(then!.id)}`, { body: {} })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((await rows()).subscribers.map((r) => [r.email, r.status])).toEqual([
      [then!.email, 'unsubscribed'],
      [since!.email, 'confirmed'],
    ])
  })
})
