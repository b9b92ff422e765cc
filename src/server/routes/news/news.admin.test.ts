import { beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

const article = {
  title: 'Monza report',
  content: '<p>Hello <strong>paddock</strong></p>',
  author: 'Ed',
  category: 'F1 News',
}
const order = async () => ((await send('GET', '/api/news')).body as { id: number }[]).map((a) => a.id)

describe('news writes', () => {
  it('creates an article at the top, with the excerpt from the text of the content', async () => {
    const cookie = await adminCookie()
    const old = await createNews()
    const long = `<p>${'Lap after lap, '.repeat(20)}</p>`
    const res = await send('POST', '/api/news', {
      cookie,
      body: { ...article, content: long, excerpt: 'ignored', contentType: 'e-sports' },
    })
    expect(res.status).toBe(201)
    expect(res.body.excerpt).toBe(`${'Lap after lap, '.repeat(20).slice(0, 150)}...`)
    expect(res.body.excerpt).not.toContain('<')
    expect(res.body.contentType).toBe('e-sports')
    expect(await order()).toEqual([res.body.id, old.id])
  })

  it('drops characters XML cannot carry from what it stores, so the feed stays readable', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/news', {
      cookie,
      body: { ...article, title: 'Monza\u0001 report\u001f', author: 'Ed\u0008', content: '<p>Fast\u000b lap</p>' },
    })
    expect(res.status).toBe(201)
    const stored = (await send('GET', `/api/news/${res.body.id}`)).body as {
      title: string
      author: string
      content: string
    }
    expect(stored.title).toBe('Monza report')
    expect(stored.author).toBe('Ed')
    expect(stored.content).toBe('<p>Fast lap</p>')
  })

  it('defaults contentType to motorsport', async () => {
    const cookie = await adminCookie()
    expect((await send('POST', '/api/news', { cookie, body: article })).body.contentType).toBe('motorsport')
  })

  it.each([
    { ...article, title: '' },
    { ...article, content: ' ' },
    { ...article, author: undefined },
    { ...article, content: '<script>alert(1)</script>' },
  ])('refuses a missing title, content or author', async (body) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/news', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Please fill in the title, content and author.' })
    expect(await order()).toEqual([])
  })

  it('stores classic XSS payloads sanitized', async () => {
    const cookie = await adminCookie()
    const payloads = [
      '<script>alert(1)</script>',
      '<IMG SRC=x OnErRoR=alert(1)>',
      '<a href="javascript:alert(1)">j</a>',
      '<a href="&#x6A;avascript:alert(1)">e</a>',
      '<svg/onload=alert(1)>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
    ]
    const res = await send('POST', '/api/news', {
      cookie,
      body: { ...article, content: `<p>Safe</p>${payloads.join('')}` },
    })
    expect(res.status).toBe(201)
    const stored = (await send('GET', `/api/news/${res.body.id}`)).body.content as string
    expect(stored).toContain('<p>Safe</p>')
    expect(stored).not.toMatch(/<script|onerror|onload|onclick|javascript:|<svg|<iframe|srcdoc|style=/i)
  })

  it('updates, sets the image through both routes, renames and deletes', async () => {
    const cookie = await adminCookie()
    const a = await createNews()
    const upd = await send('PUT', `/api/news/${a.id}`, {
      cookie,
      body: { ...article, content: '<p>New text</p>', baseUpdatedAt: a.updatedAt.toISOString() },
    })
    expect(upd.body).toMatchObject({ title: 'Monza report', excerpt: 'New text...' })
    expect(
      (await send('PUT', `/api/news/${a.id}/image`, { cookie, body: { imageUrl: '/media/x.webp' } })).body.imageUrl,
    ).toBe('/media/x.webp')
    expect(
      (
        await send('POST', `/api/admin/update-news-image/${a.id}`, {
          cookie,
          body: { imageUrl: 'https://img.example/a.jpg' },
        })
      ).body.imageUrl,
    ).toBe('https://img.example/a.jpg')
    expect(
      (await send('POST', `/api/admin/update-news-title/${a.id}`, { cookie, body: { title: 'Renamed' } })).body.title,
    ).toBe('Renamed')
    expect((await send('POST', `/api/admin/update-news-title/${a.id}`, { cookie, body: { title: ' ' } })).status).toBe(
      400,
    )
    expect(
      (await send('PUT', `/api/news/${a.id}/image`, { cookie, body: { imageUrl: 'javascript:alert(1)' } })).status,
    ).toBe(400)
    expect((await send('DELETE', `/api/news/${a.id}`, { cookie })).status).toBe(200)
    expect((await send('GET', `/api/news?t=${Date.now()}`)).body).toEqual([])
  })

  it('moves articles up and down in one transaction, and refuses moving past the ends', async () => {
    const cookie = await adminCookie()
    // Seeded articles may share a displayOrder: the list order then comes from the timestamp.
    const c = await createNews({ timestamp: new Date('2025-01-01') })
    const b = await createNews({ timestamp: new Date('2025-01-02') })
    const a = await createNews({ timestamp: new Date('2025-01-03') })
    expect(await order()).toEqual([a.id, b.id, c.id])
    expect((await send('POST', `/api/admin/move-news-up/${c.id}`, { cookie })).status).toBe(200)
    expect(await order()).toEqual([a.id, c.id, b.id])
    expect((await send('POST', `/api/admin/move-news-down/${a.id}`, { cookie })).status).toBe(200)
    expect(await order()).toEqual([c.id, a.id, b.id])
    expect((await send('POST', `/api/admin/move-news-up/${c.id}`, { cookie })).status).toBe(409)
    expect((await send('POST', `/api/admin/move-news-down/${b.id}`, { cookie })).status).toBe(409)
    expect((await send('POST', '/api/admin/move-news-down/4242', { cookie })).status).toBe(404)
    expect(await order()).toEqual([c.id, a.id, b.id])
  })
})
