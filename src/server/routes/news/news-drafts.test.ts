import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { createNews } from '../../demo/factories.ts'
import { countNews, getNews, listNews } from '../../repos/news.repo.ts'

beforeEach(resetDatabase)

const draft = () =>
  createNews({
    title: 'Formula 1: Draft',
    status: 'draft',
    aiGenerated: true,
    sources: ['https://www.example.com/a', 'https://www.example.com/b'],
  })

describe('drafts stay off every public read', () => {
  it('listNews, countNews and getNews (used by the pages, feed, sitemap and API) skip drafts unless asked', async () => {
    const live = await createNews({ title: 'Live article' })
    const hidden = await draft()
    expect((await listNews()).map((a) => a.id)).toEqual([live.id])
    expect((await listNews({ search: 'Draft' })).map((a) => a.id)).toEqual([])
    expect(await countNews()).toBe(1)
    expect(await getNews(hidden.id)).toBeUndefined()
    expect((await listNews({ includeDrafts: true })).map((a) => a.id).sort()).toEqual([live.id, hidden.id].sort())
    expect((await getNews(hidden.id, { includeDrafts: true }))?.status).toBe('draft')
    const res = await send('GET', '/api/news')
    expect(res.headers.get('x-total-count')).toBe('1')
  })

  it('publishing needs the session, dates the article now and puts it on the public API', async () => {
    const hidden = await draft()
    expect((await send('POST', `/api/admin/news/${hidden.id}/publish`, { body: {} })).status).toBe(401)
    const cookie = await adminCookie()
    const res = await send('POST', `/api/admin/news/${hidden.id}/publish`, { cookie, body: {} })
    expect(res.body).toMatchObject({ status: 'published', aiGenerated: true })
    expect(new Date(res.body.timestamp).getTime()).toBeGreaterThan(hidden.timestamp.getTime())
    expect((await send('GET', `/api/news/${hidden.id}`)).body.sources).toHaveLength(2)
    expect((await send('POST', '/api/admin/news/999/publish', { cookie, body: {} })).status).toBe(404)
  })

  it('an AI article without two sources cannot be stored (database check)', async () => {
    await expect(createNews({ aiGenerated: true, sources: ['https://www.example.com/a'] })).rejects.toThrow()
  })
})

describe('the news form cannot forge the AI fields', () => {
  it('ignores status, aiGenerated and sources sent to PUT /api/news/:id', async () => {
    const hidden = await draft()
    const cookie = await adminCookie()
    const res = await send('PUT', `/api/news/${hidden.id}`, {
      cookie,
      body: {
        title: 'Edited',
        content: '<p>Edited text</p>',
        author: 'Owner',
        baseUpdatedAt: hidden.updatedAt.toISOString(),
        status: 'published',
        aiGenerated: false,
        sources: ['javascript:alert(1)', 'https://x.example'],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'Edited', status: 'draft', aiGenerated: true })
    expect(res.body.sources).toEqual(['https://www.example.com/a', 'https://www.example.com/b'])
  })
})
