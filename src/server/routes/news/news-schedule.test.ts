import { platform } from '../../../../tests/helpers/app.ts'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { db } from '../../db/client.ts'
import { createNews } from '../../demo/factories.ts'
import { auditLog } from '../../db/schema.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import { actorNames, auditActor } from '../../../lib/revisions.ts'

beforeEach(resetDatabase)

const article = { title: 'Monza preview', content: '<p>Slipstream battles ahead.</p>', author: 'Owner' }
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000)

describe('drafts and scheduled articles from the news form', () => {
  it('saves a draft and a scheduled article off the public site; Publish (no status) goes live', async () => {
    const cookie = await adminCookie()
    const draft = await send('POST', '/api/news', { cookie, body: { ...article, status: 'draft' } })
    expect(draft.status).toBe(201)
    expect(draft.body).toMatchObject({ status: 'draft', publishAt: null })
    const when = inMinutes(90)
    const scheduled = await send('POST', '/api/news', {
      cookie,
      body: { ...article, title: 'Later', publishAt: when.toISOString() },
    })
    expect(scheduled.body).toMatchObject({ status: 'draft', publishAt: when.toISOString() })
    const live = await send('POST', '/api/news', { cookie, body: { ...article, title: 'Now' } })
    expect(live.body.status).toBe('published')

    const publicList = await send('GET', '/api/news')
    expect(publicList.body.map((a: { title: string }) => a.title)).toEqual(['Now'])
    expect((await send('GET', `/api/news/${draft.body.id}`)).status).toBe(404)
  })

  it('a publish time in the past is refused and changes nothing', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/news', {
      cookie,
      body: { ...article, publishAt: inMinutes(-10).toISOString() },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Please choose a publish time in the future.')
    expect((await send('GET', '/api/admin/news', { cookie })).body).toEqual([])
  })

  it('schedules and unschedules a draft by PUT and POST unschedule; a published article cannot be scheduled', async () => {
    const cookie = await adminCookie()
    const draft = await createNews({ title: 'Kept', status: 'draft' })
    const when = inMinutes(30)
    const put = await send('PUT', `/api/news/${draft.id}`, {
      cookie,
      body: { ...article, title: 'Kept', publishAt: when.toISOString(), baseUpdatedAt: draft.updatedAt.toISOString() },
    })
    expect(put.body).toMatchObject({ status: 'draft', publishAt: when.toISOString() })
    const un = await send('POST', `/api/admin/news/${draft.id}/unschedule`, { cookie, body: {} })
    expect(un.body).toMatchObject({ status: 'draft', publishAt: null })

    const live = await createNews({ title: 'Live' })
    const refused = await send('PUT', `/api/news/${live.id}`, {
      cookie,
      body: {
        ...article,
        title: 'Changed',
        publishAt: when.toISOString(),
        baseUpdatedAt: live.updatedAt.toISOString(),
      },
    })
    expect(refused.status).toBe(409)
    expect((await send('GET', `/api/news/${live.id}`)).body.title).toBe('Live')
    expect((await send('POST', `/api/admin/news/${live.id}/unschedule`, { cookie, body: {} })).status).toBe(409)
    expect((await send('POST', '/api/admin/news/999/unschedule', { cookie, body: {} })).status).toBe(404)
  })
})

describe("the admin list's status filter and counts", () => {
  it('filters drafts, published and scheduled, pages with X-Total-Count and counts each status', async () => {
    const cookie = await adminCookie()
    for (let i = 0; i < 3; i++) await createNews({ title: `Live ${i}` })
    await createNews({ title: 'Draft zephyr', status: 'draft' })
    await createNews({ title: 'Scheduled zephyr', status: 'draft', publishAt: inMinutes(60) })

    const titles = async (query: string) => {
      const res = await send('GET', `/api/admin/news?${query}`, { cookie })
      return { titles: res.body.map((a: { title: string }) => a.title), total: res.headers.get('x-total-count') }
    }
    expect(await titles('status=drafts')).toEqual({ titles: ['Draft zephyr'], total: '1' })
    expect(await titles('status=scheduled')).toEqual({ titles: ['Scheduled zephyr'], total: '1' })
    expect((await titles('status=published&limit=2')).total).toBe('3')
    expect((await titles('status=published&limit=2')).titles).toHaveLength(2)
    expect((await titles('search=zephyr')).total).toBe('2')

    expect((await send('GET', '/api/admin/news/counts', { cookie })).body).toEqual({
      all: 5,
      drafts: 1,
      published: 3,
      scheduled: 1,
    })
    expect((await send('GET', '/api/admin/news/counts?search=zephyr', { cookie })).body).toEqual({
      all: 2,
      drafts: 1,
      published: 0,
      scheduled: 1,
    })
    // 'Drafts to Review' reads the AI's drafts only (issue 36).
    await createNews({
      title: 'AI zephyr',
      status: 'draft',
      aiGenerated: true,
      sources: ['https://a.example/1', 'https://b.example/2'],
    })
    expect(await titles('status=drafts&origin=ai')).toEqual({ titles: ['AI zephyr'], total: '1' })
    expect((await titles('status=drafts')).total).toBe('2')
    expect((await send('GET', '/api/admin/news?origin=owner', { cookie })).body).toEqual({
      message: 'The origin must be ai.',
    })
    const bad = await send('GET', '/api/admin/news?status=archived', { cookie })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('The status must be drafts, published or scheduled.')
    expect((await send('GET', '/api/admin/news/counts')).status).toBe(401)
  })
})

describe('the scheduler tick publishes scheduled articles', () => {
  it('publishes what is due, dated its publish time, with an audit row and a purge of its page; not what is ahead', async () => {
    const due = new Date('2026-11-24T10:00:00Z')
    const ready = await createNews({ title: 'Due now', status: 'draft', publishAt: due })
    const later = await createNews({ title: 'Tomorrow', status: 'draft', publishAt: new Date('2026-11-25T10:00:00Z') })
    const kept = await createNews({ title: 'Kept by hand', status: 'draft' })

    expect((await runSchedulerTick(platform, new Date('2026-11-24T09:59:30Z'))).publishedNews).toEqual([])
    const report = await runSchedulerTick(platform, new Date('2026-11-24T10:00:20Z'))
    expect(report.publishedNews).toEqual([ready.id])
    expect((await runSchedulerTick(platform, new Date('2026-11-24T10:01:20Z'))).publishedNews).toEqual([])

    const cookie = await adminCookie()
    const read = async (id: number) => (await send('GET', `/api/admin/news/${id}`, { cookie })).body
    expect(await read(ready.id)).toMatchObject({ status: 'published', publishAt: null, timestamp: due.toISOString() })
    expect((await read(later.id)).status).toBe('draft')
    expect((await read(kept.id)).status).toBe('draft')
    expect((await send('GET', `/api/news/${ready.id}`)).status).toBe(200)

    // Its page (a cached 404 until now) and the news lists are purged: it shows up on its own.
    expect(platform.purged.at(-1)).toEqual(['news', `news:${ready.id}`])
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(ready.id)))
    expect(audit.map((a) => a.summary)).toEqual(['Published scheduled article "Due now"'])
    // The Activity tab names the scheduler as itself, not the owner (issue 36).
    const log = (await send('GET', '/api/admin/audit-log', { cookie })).body as {
      items: { summary: string; method: string }[]
    }
    const entry = log.items.find((e) => e.summary === 'Published scheduled article "Due now"')!
    expect(actorNames[auditActor(entry)]).toBe('Scheduler')

    // Its History shows the scheduler published it, and keeps the draft it was.
    const history = await send('GET', `/api/admin/revisions/news/${ready.id}`, { cookie })
    expect(history.status).toBe(200)
    expect(history.body).toMatchObject([
      { action: 'update', actor: 'scheduler', summary: 'Published at its scheduled time', restorable: true },
    ])
    expect(history.body[0].changedFields).toEqual(expect.arrayContaining(['status', 'publishAt', 'timestamp']))
    expect(history.body[0].oldValues.status).toBe('draft')
  })
})
