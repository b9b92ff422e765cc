import { beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { platform } from '../../../../tests/helpers/app.ts'

beforeEach(resetDatabase)

const status = async (cookie: string, id: number) =>
  (await send('GET', `/api/admin/news/${id}`, { cookie })).body as { status: string; publishAt: string | null }
/** The tags purged at the CDN by the last write that purged anything (decision 0700). */
const purgedSince = (before: number) => platform.purged.slice(before).flat()

describe('POST /api/admin/news/bulk', () => {
  it('publishes several drafts at once, each keeping its draft in its History, and publishes the site', async () => {
    const cookie = await adminCookie()
    const drafts = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        createNews({ title, status: 'draft', publishAt: title === 'Three' ? new Date(Date.now() + 3_600_000) : null }),
      ),
    )
    const live = await createNews({ title: 'Already live' })
    const ids = [...drafts.map((d) => d.id), live.id]
    const before = platform.purged.length
    const res = await send('POST', '/api/admin/news/bulk', { cookie, body: { action: 'publish', ids } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ action: 'publish', ids: drafts.map((d) => d.id), changed: 3 })
    for (const d of drafts) {
      expect(await status(cookie, d.id)).toMatchObject({ status: 'published', publishAt: null })
      expect((await send('GET', `/api/news/${d.id}`)).status).toBe(200)
      const history = await send('GET', `/api/admin/revisions/news/${d.id}`, { cookie })
      expect(history.body).toHaveLength(1)
      expect(history.body[0].oldValues.status).toBe('draft')
    }
    // The article already live is left alone: no version for it.
    expect((await send('GET', `/api/admin/revisions/news/${live.id}`, { cookie })).body).toEqual([])
    // The lists and each published article's page (its cached 404 until now), in one purge.
    expect(purgedSince(before).sort()).toEqual(['news', ...drafts.map((d) => `news:${d.id}`)].sort())
  })

  it('moves published articles back to draft, off the public site', async () => {
    const cookie = await adminCookie()
    const a = await createNews({ title: 'A' })
    const b = await createNews({ title: 'B' })
    const before = platform.purged.length
    const res = await send('POST', '/api/admin/news/bulk', { cookie, body: { action: 'draft', ids: [a.id, b.id] } })
    expect(res.body.changed).toBe(2)
    expect((await status(cookie, a.id)).status).toBe('draft')
    expect((await send('GET', `/api/news/${b.id}`)).status).toBe(404)
    expect(purgedSince(before)).toEqual(expect.arrayContaining(['news', `news:${a.id}`, `news:${b.id}`]))
  })

  it('deletes several articles, each restorable from Recently deleted; drafts alone leave the site as it is', async () => {
    const cookie = await adminCookie()
    const a = await createNews({ title: 'Draft A', status: 'draft' })
    const b = await createNews({ title: 'Draft B', status: 'draft' })
    const before = platform.purged.length
    const res = await send('POST', '/api/admin/news/bulk', { cookie, body: { action: 'delete', ids: [a.id, b.id] } })
    expect(res.body.changed).toBe(2)
    expect((await send('GET', `/api/admin/news/${a.id}`, { cookie })).status).toBe(404)
    const deleted = await send('GET', '/api/admin/revisions/deleted?entity=news', { cookie })
    expect(deleted.body.map((d: { entityId: number }) => d.entityId).sort()).toEqual([a.id, b.id].sort())
    expect(purgedSince(before)).toEqual([])
  })

  it('is all or nothing: one unknown article refuses the whole call and changes nothing', async () => {
    const cookie = await adminCookie()
    const a = await createNews({ title: 'A', status: 'draft' })
    const before = await databaseDigest()
    const res = await send('POST', '/api/admin/news/bulk', { cookie, body: { action: 'delete', ids: [a.id, 999_999] } })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Article not found: 999999' })
    expect(await databaseDigest()).toBe(before)
  })

  it.each([
    [{}, 'The action must be publish, draft or delete.'],
    [{ action: 'archive', ids: [1] }, 'The action must be publish, draft or delete.'],
    [{ action: 'publish', ids: [] }, 'Please choose at least one article.'],
    [{ action: 'publish', ids: ['1'] }, 'Please choose at least one article.'],
    [{ action: 'publish', ids: [1.5] }, 'Please choose at least one article.'],
    [
      { action: 'publish', ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'Please choose at most 100 articles at a time.',
    ],
    ['not json', 'Malformed JSON in request body'],
  ])('refuses a bad body with a 400 and changes nothing: %j', async (body, message) => {
    const cookie = await adminCookie()
    await createNews({ title: 'A', status: 'draft' })
    const before = await databaseDigest()
    const res = await send('POST', '/api/admin/news/bulk', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message })
    expect(await databaseDigest()).toBe(before)
  })

  it('needs the session', async () => {
    const a = await createNews({ title: 'A', status: 'draft' })
    const res = await send('POST', '/api/admin/news/bulk', { body: { action: 'publish', ids: [a.id] } })
    expect(res.status).toBe(401)
  })
})
