import { beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../../demo/factories.ts'
import { app, getJson } from '../../../../tests/helpers/app.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { SEARCHES_PER_MINUTE } from '../../http/search-budget.ts'

type Article = Record<string, unknown> & { id: number; title: string }

beforeEach(resetDatabase)

describe('GET /api/news', () => {
  it('lists articles with the fields of spec 000, in display order', async () => {
    const second = await createNews({ title: 'Second', displayOrder: 2 })
    const first = await createNews({
      title: 'First',
      displayOrder: 1,
      content: '<p>Hello <strong>paddock</strong></p>',
      category: 'F1 News',
    })
    const { status, body, headers } = await getJson<Article[]>('/api/news')
    expect(status).toBe(200)
    expect(body.map((a) => a.id)).toEqual([first.id, second.id])
    expect(Object.keys(body[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'excerpt',
        'content',
        'imageUrl',
        'category',
        'author',
        'timestamp',
        'sourceUrl',
        'contentType',
      ]),
    )
    expect(body[0]).toMatchObject({
      category: 'F1 News',
      content: '<p>Hello <strong>paddock</strong></p>',
      excerpt: 'Hello paddock...',
    })
    expect(typeof body[0]!.timestamp).toBe('string')
    expect(headers.get('netlify-cache-tag')).toContain('news')
    expect(headers.get('x-total-count')).toBe('2')
  })

  it('searches title, excerpt and content case-insensitively, with an exact category filter', async () => {
    await createNews({ title: 'Verstappen wins', category: 'F1 News' })
    await createNews({ title: 'Rally', content: '<p>Ogier takes the VERSTAPPEN style</p>', category: 'Rally' })
    await createNews({ title: 'Unrelated', category: 'F1 News' })
    const all = await getJson<Article[]>('/api/news?search=verstappen')
    expect(all.body.map((a) => a.title).sort()).toEqual(['Rally', 'Verstappen wins'])
    const f1 = await getJson<Article[]>('/api/news?search=verstappen&category=F1%20News')
    expect(f1.body.map((a) => a.title)).toEqual(['Verstappen wins'])
  })

  it('searches the text of the content, not its markup, across inline tags and entities', async () => {
    await createNews({ title: 'Markup', content: '<p>Max <strong>Verstappen</strong> &amp; Lando</p>' })
    await createNews({ title: 'Plain', content: '<p>Nothing to see</p>' })
    const titles = async (term: string) =>
      (await getJson<Article[]>(`/api/news?search=${encodeURIComponent(term)}`)).body.map((a) => a.title)
    expect(await titles('max verstappen')).toEqual(['Markup'])
    expect(await titles('verstappen & lando')).toEqual(['Markup'])
    expect(await titles('strong')).toEqual([])
    expect(await titles('amp;')).toEqual([])
  })

  it('counts every match in X-Total-Count while answering one page, and never sends the search text', async () => {
    for (let i = 1; i <= 7; i++)
      await createNews({ displayOrder: i, title: `Stint ${i}`, category: i % 2 ? 'Odd' : 'Even' })
    await createNews({ displayOrder: 8, title: 'Unrelated' })
    const page = await getJson<Article[]>('/api/news?search=STINT&limit=3&offset=3')
    // Every title holds the word: one tier of the relevance order, the newest first (decision 0872).
    expect(page.body.map((a) => a.title)).toEqual(['Stint 4', 'Stint 3', 'Stint 2'])
    expect(page.headers.get('x-total-count')).toBe('7')
    expect(page.headers.get('access-control-expose-headers')).toBe('X-Total-Count')
    const odd = await getJson<Article[]>('/api/news?search=stint&category=Odd&limit=2')
    expect(odd.headers.get('x-total-count')).toBe('4')
    expect(Object.keys(page.body[0]!)).not.toContain('searchText')
    expect(Object.keys(page.body[0]!)).not.toContain('search_text')
  })

  it('still counts every match when a search page lies past the end of the list', async () => {
    for (let i = 1; i <= 3; i++) await createNews({ displayOrder: i, title: `Apex ${i}` })
    const past = await getJson<Article[]>('/api/news?search=apex&limit=24&offset=24')
    expect(past.body).toEqual([])
    expect(past.headers.get('x-total-count')).toBe('3')
    const none = await getJson<Article[]>('/api/news?search=no-such-word&limit=24')
    expect(none.body).toEqual([])
    expect(none.headers.get('x-total-count')).toBe('0')
  })

  it('treats % and _ in a search as plain characters', async () => {
    await createNews({ title: '100% effort' })
    await createNews({ title: 'Plain title' })
    const { body, status } = await getJson<Article[]>('/api/news?search=%25')
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.map((a) => a.title)).toEqual(['100% effort'])
  })

  it('pages with limit and offset and refuses bad values with 400', async () => {
    for (let i = 1; i <= 5; i++) await createNews({ displayOrder: i, title: `N${i}` })
    const page = await getJson<Article[]>('/api/news?limit=2&offset=2')
    expect(page.body.map((a) => a.title)).toEqual(['N3', 'N4'])
    expect(page.headers.get('x-total-count')).toBe('5')
    for (const q of ['limit=0', 'limit=abc', 'limit=1.5', 'offset=-1', 'limit=100000']) {
      const res = await getJson<{ message: string }>(`/api/news?${q}`)
      expect(res.status, q).toBe(400)
      expect(res.body.message).toBeTruthy()
    }
  })

  it('answers 30 distinct searches a minute from one address, then 429 with Retry-After, never kept; another address has its own', async () => {
    await createNews({ title: 'Budget lap' })
    // The address as the platform saw the connection (Netlify's context), as the page's budget keys it too.
    const search = (ip: string, term: string) => app.request(`/api/news?search=${term}`, {}, { context: { ip } })
    const before = await databaseDigest()
    expect(SEARCHES_PER_MINUTE).toBe(30)
    for (let n = 1; n <= 30; n++) expect((await search('203.0.113.34', `lap ${n}`)).status, `search ${n}`).toBe(200)
    const refused = await search('203.0.113.34', 'lap 31')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: 'Too many searches. Please wait a minute and try again.' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Not kept at the CDN: the next visitor of that search gets it rendered.
    expect(refused.headers.get('netlify-cdn-cache-control')).toBeNull()
    expect(refused.headers.get('netlify-cache-tag')).toBeNull()
    // The list without a search is no search: still answered.
    expect((await app.request('/api/news', {}, { context: { ip: '203.0.113.34' } })).status).toBe(200)
    expect((await search('198.51.100.34', 'lap 31')).status).toBe(200)
    // A search costs no write.
    expect(await databaseDigest()).toEqual(before)
  })

  it('ignores the cache-busting parameter t', async () => {
    await createNews()
    const { status, body } = await getJson<Article[]>('/api/news?t=1732270000000')
    expect(status).toBe(200)
    expect(body).toHaveLength(1)
  })
})

describe('GET /api/news/categories', () => {
  it('answers every category once, alphabetically, without blank ones', async () => {
    await createNews({ category: 'Motorsport' })
    await createNews({ category: 'Esports' })
    await createNews({ category: 'Motorsport' })
    await createNews({ category: ' ' })
    const { status, body } = await getJson<string[]>('/api/news/categories')
    expect(status).toBe(200)
    expect(body).toEqual(['Esports', 'Motorsport'])
  })
})

describe('GET /api/news/:id', () => {
  it('answers one article', async () => {
    const a = await createNews({ title: 'One' })
    const { status, body } = await getJson<Article>(`/api/news/${a.id}`)
    expect(status).toBe(200)
    expect(body.title).toBe('One')
  })

  it('answers 404 with a message for an unknown id', async () => {
    const { status, body } = await getJson<{ message: string }>('/api/news/424242')
    expect(status).toBe(404)
    expect(body).toEqual({ message: 'Article not found' })
  })

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'])('answers 400 for the malformed id %s', async (id) => {
    const { status, body } = await getJson<{ message: string }>(`/api/news/${id}`)
    expect(status).toBe(400)
    expect(body.message).toBe('Invalid id.')
  })
})
