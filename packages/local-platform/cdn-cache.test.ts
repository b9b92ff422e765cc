import { cacheHeaders, DAY, getCacheStatus, YEAR } from '@netlify/cache'
import { describe, expect, it } from 'vitest'
import { CdnCache } from './cdn-cache.ts'
import { PurgeApi } from './purge-api.ts'

/**
 * A public answer's headers as a site on Netlify sends them, written by Netlify's own
 * @netlify/cache: kept a year in the durable cache, served stale for a day, tagged, keyed on the
 * named query parameters only (one nobody sends when it reads none), and always asked again by
 * browsers.
 */
function cdnCacheHeaders(options: { tags: string[]; query?: string[] }): Record<string, string> {
  const vary = { query: options.query?.length ? options.query : ['no-query-variants'] }
  const headers = cacheHeaders({ ttl: YEAR, swr: DAY, durable: true, tags: options.tags, vary })
  return {
    ...headers,
    'netlify-cdn-cache-control': `public, ${headers['netlify-cdn-cache-control']}`,
    'cache-control': 'public, max-age=0, must-revalidate',
  }
}

/**
 * The CDN stand-in (docs/decisions/0700) against Netlify's documented rules, with a clock the test
 * moves. The origin counts its renders: a hit is an answer without one.
 */
function site(headers: (path: string) => Record<string, string> = () => cdnCacheHeaders({ tags: ['news'] })) {
  let clock = Date.UTC(2026, 10, 25, 12)
  const renders: string[] = []
  let status = 200
  const origin = async (request: Request) => {
    const url = new URL(request.url)
    renders.push(`${url.pathname}${url.search}`)
    return new Response(`render ${renders.length}`, { status, headers: headers(url.pathname) })
  }
  const cache = new CdnCache({ now: () => clock })
  const get = async (path: string, init: RequestInit = {}) => {
    const res = await cache.handle(new Request(`http://site.test${path}`, init), origin)
    return { res, body: await res.text(), status: getCacheStatus(res) }
  }
  return {
    cache,
    renders,
    get,
    advance: (ms: number) => (clock += ms),
    failWith: (code: number) => (status = code),
  }
}

describe('the CDN stand-in', () => {
  it('does not keep a page whose render began before a purge of one of its tags (it read the data the purge was for)', async () => {
    const cache = new CdnCache()
    let release: () => void = () => {}
    const slow = new Promise<void>((resolve) => (release = resolve))
    const origin = async () => {
      await slow
      return new Response('old', { headers: cdnCacheHeaders({ tags: ['news'] }) })
    }
    const inFlight = cache.handle(new Request('http://site.test/news'), origin)
    cache.purge(['news'])
    release()
    expect(await (await inFlight).text()).toBe('old')
    expect(cache.size).toBe(0)
    // A purge of another tag, or one before the render began, keeps it.
    const other = cache.handle(new Request('http://site.test/news'), origin)
    cache.purge(['games'])
    await (await other).text()
    expect(cache.size).toBe(1)
  })

  it('renders once and then answers from its copy, with Cache-Status in Netlify’s format', async () => {
    const s = site()
    const first = await s.get('/news')
    expect(first.status).toMatchObject({ hit: false, caches: { durable: { stored: true } } })
    const second = await s.get('/news')
    expect(second.status).toMatchObject({ hit: true, caches: { edge: { hit: true, fresh: true } } })
    expect(second.body).toBe(first.body)
    expect(s.renders).toEqual(['/news'])
    // What only the CDN reads never reaches the browser.
    expect(second.res.headers.get('netlify-cdn-cache-control')).toBeNull()
    expect(second.res.headers.get('netlify-cache-tag')).toBeNull()
    expect(second.res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it('keys on the query parameters the answer names only: tracking parameters share one copy', async () => {
    const s = site((path) => cdnCacheHeaders({ tags: ['news'], query: path === '/api/news' ? ['search'] : [] }))
    await s.get('/news')
    expect((await s.get('/news?utm_source=x&fbclid=1')).status?.hit).toBe(true)
    expect((await s.get('/news?cb=2')).status?.hit).toBe(true)
    await s.get('/api/news?search=rain')
    expect((await s.get('/api/news?search=rain&utm_source=x')).status?.hit).toBe(true)
    expect((await s.get('/api/news?search=snow')).status?.hit).toBe(false)
    expect(s.renders).toEqual(['/news', '/api/news?search=rain', '/api/news?search=snow'])
  })

  it('serves one copy to everyone: 200 requests with made-up session cookies are one render', async () => {
    const s = site()
    for (let i = 0; i < 200; i++) {
      const { res } = await s.get('/news', { headers: { cookie: `admin_session=made-up-${i % 7}; theme=dark` } })
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    expect(s.renders).toEqual(['/news'])
    expect((await s.get('/news')).status?.hit).toBe(true)
  })

  it('keys on a cookie when the answer names it, and never serves one value the copy of another', async () => {
    const s = site(() => ({ ...cdnCacheHeaders({ tags: ['news'] }), 'netlify-vary': 'cookie=theme' }))
    const dark = await s.get('/news', { headers: { cookie: 'theme=dark' } })
    const light = await s.get('/news', { headers: { cookie: 'theme=light' } })
    expect(light.body).not.toBe(dark.body)
    expect((await s.get('/news', { headers: { cookie: 'theme=dark' } })).body).toBe(dark.body)
    expect((await s.get('/news', { headers: { cookie: 'theme=light' } })).body).toBe(light.body)
    expect(s.renders).toHaveLength(2)
  })

  it('drops every copy with a purged tag, case-insensitively, and nothing else', async () => {
    const s = site((path) => cdnCacheHeaders({ tags: path === '/games' ? ['games'] : ['News', 'news:7'] }))
    await s.get('/news/7')
    await s.get('/games')
    expect(s.cache.purge(['news:7'])).toBe(1)
    expect((await s.get('/news/7')).status?.hit).toBe(false)
    expect((await s.get('/games')).status?.hit).toBe(true)
    expect(s.cache.purge('everything')).toBe(2)
    expect((await s.get('/games')).status?.hit).toBe(false)
  })

  it('serves a stale copy at once within stale-while-revalidate while one request renders it again', async () => {
    const s = site(() => ({ 'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=30' }))
    await s.get('/')
    s.advance(70_000)
    const stale = await s.get('/')
    expect(stale.status).toMatchObject({ hit: true, caches: { edge: { hit: true, fresh: false } } })
    expect(stale.body).toBe('render 1')
    await s.cache.idle()
    expect((await s.get('/')).body).toBe('render 2')
    // Past the window the copy is not served: the request waits for a render.
    s.advance(100_000)
    expect((await s.get('/')).body).toBe('render 3')
  })

  it('keeps the stale copy when its render fails (the database away), and never keeps the error', async () => {
    const s = site(() => ({ 'netlify-cdn-cache-control': 'public, s-maxage=60, stale-while-revalidate=3600' }))
    await s.get('/')
    s.advance(61_000)
    s.failWith(503)
    expect((await s.get('/')).body).toBe('render 1')
    await s.cache.idle()
    expect((await s.get('/')).body).toBe('render 1')
    s.cache.purge('everything')
    expect((await s.get('/')).res.status).toBe(503)
    expect((await s.get('/')).res.status).toBe(503)
    expect(s.cache.size).toBe(0)
  })

  it('keeps a 404 the site allows it to keep, and nothing marked private, no-store or with a cookie', async () => {
    const notFound = site()
    notFound.failWith(404)
    await notFound.get('/news/99')
    expect((await notFound.get('/news/99')).status?.hit).toBe(true)
    for (const headers of <Record<string, string>[]>[
      { 'cache-control': 'private, max-age=600' },
      { 'netlify-cdn-cache-control': 'no-store' },
      { 'netlify-cdn-cache-control': 'public, s-maxage=600', 'set-cookie': 'a=b' },
      { 'cache-control': 'public, max-age=0, must-revalidate' },
    ]) {
      const s = site(() => headers)
      await s.get('/x')
      expect((await s.get('/x')).status?.hit).toBe(false)
    }
  })

  it('answers HEAD from the GET copy, and passes other methods through untouched', async () => {
    const s = site()
    await s.get('/news')
    const head = await s.get('/news', { method: 'HEAD' })
    expect(head.status?.hit).toBe(true)
    expect(head.body).toBe('')
    await s.get('/news', { method: 'POST', body: 'x' })
    expect(s.renders).toEqual(['/news', '/news'])
  })

  it('passes a HEAD with no copy to answer it on as a HEAD, never as a GET, and keeps nothing (issue 42)', async () => {
    const methods: string[] = []
    const cache = new CdnCache()
    const origin = async (request: Request) => {
      methods.push(request.method)
      return new Response(request.method === 'HEAD' ? null : 'page', { headers: cdnCacheHeaders({ tags: ['x'] }) })
    }
    const head = await cache.handle(new Request('http://site.test/go/hardware/1', { method: 'HEAD' }), origin)
    expect(head.status).toBe(200)
    expect(methods).toEqual(['HEAD'])
    expect(cache.size).toBe(0)
  })

  it('drops the least recently used copies when full', async () => {
    let clock = 0
    const cache = new CdnCache({ now: () => clock, maxEntries: 2 })
    const origin = async () => new Response('0123456789', { headers: cdnCacheHeaders({ tags: [] }) })
    const get = (path: string) => cache.handle(new Request(`http://site.test${path}`), origin)
    await get('/a')
    await get('/b')
    clock++
    await get('/a')
    await get('/c')
    expect(getCacheStatus(await get('/a'))?.hit).toBe(true)
    expect(getCacheStatus(await get('/b'))?.hit).toBe(false)
  })
})

describe("the CDN stand-in's memory", () => {
  /** 1,000 distinct junk paths, each answered 404 with the given headers. */
  async function junk(cache: CdnCache, headers: Record<string, string>) {
    const origin = async () => new Response('Not found', { status: 404, headers })
    for (let i = 0; i < 1000; i++) {
      await cache.handle(new Request(`http://site.test/news/junk-${i}-${'x'.repeat(200)}`), origin)
    }
  }

  it('stays bounded by its entry cap, its index included, whatever junk is kept', async () => {
    const cache = new CdnCache({ maxEntries: 50 })
    await junk(cache, cdnCacheHeaders({ tags: ['news'] }))
    expect(cache.size).toBe(50)
    // A path's Netlify-Vary instructions go with its last copy.
    expect(cache.paths).toBe(50)
    cache.purge(['news'])
    expect([cache.size, cache.paths, cache.bytes]).toEqual([0, 0, 0])
  })

  it('counts keys and headers against its byte cap, not only bodies', async () => {
    const cache = new CdnCache({ maxBytes: 64 * 1024 })
    await junk(cache, cdnCacheHeaders({ tags: ['news'] }))
    // Each copy costs its 9-byte body, its key of 200-odd bytes and its headers of about 250: 64 KB
    // of bodies alone would have kept all 1,000.
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024)
    expect(cache.size).toBeLessThan(200)
    expect(cache.paths).toBe(cache.size)
  })

  it('keeps nothing of answers it may not keep', async () => {
    const cache = new CdnCache()
    await junk(cache, { 'cache-control': 'no-store' })
    expect([cache.size, cache.paths, cache.bytes]).toEqual([0, 0, 0])
  })

  it("takes a path's instructions afresh once its copies are gone", async () => {
    const cache = new CdnCache()
    let vary = 'query=a'
    const origin = async () =>
      new Response('x', { headers: { ...cdnCacheHeaders({ tags: ['t'] }), 'netlify-vary': vary } })
    const get = async (path: string) =>
      getCacheStatus(await cache.handle(new Request(`http://site.test${path}`), origin))
    await get('/list?a=1')
    expect((await get('/list?a=1&b=2'))?.hit).toBe(true)
    cache.purge(['t'])
    vary = 'query=b'
    await get('/list?b=1')
    expect((await get('/list?b=1&a=9'))?.hit).toBe(true)
    expect((await get('/list?b=2'))?.hit).toBe(false)
  })
})

describe("the stand-in's purge API", () => {
  const auth = { token: 'secret', siteId: 'local' }
  const purge = (api: PurgeApi, body: unknown, token = auth.token) =>
    api.handle(
      new Request('http://site.test/api/v1/purge', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )

  it('purges by tag or the whole site for the right token and site, and nothing otherwise', async () => {
    const cache = new CdnCache()
    const api = new PurgeApi(cache, auth, () => 0)
    expect((await purge(api, { site_id: 'local', cache_tags: ['news'] }, 'wrong')).status).toBe(401)
    expect((await purge(api, { site_id: 'other', cache_tags: ['news'] })).status).toBe(404)
    expect((await purge(api, { site_id: 'local', cache_tags: 'news' })).status).toBe(400)
    expect((await purge(api, { site_id: 'local', cache_tags: ['news'] })).status).toBe(202)
    expect((await purge(api, { site_id: 'local' })).status).toBe(202)
    expect(api.accepted).toEqual([['news'], 'everything'])
  })

  it('allows two purges of a tag per 5 s, as Netlify does, and answers 429 beyond', async () => {
    let clock = 0
    const api = new PurgeApi(new CdnCache(), auth, () => clock)
    const body = { site_id: 'local', cache_tags: ['news', 'news:1'] }
    expect((await purge(api, body)).status).toBe(202)
    expect((await purge(api, body)).status).toBe(202)
    expect((await purge(api, body)).status).toBe(429)
    expect((await purge(api, { site_id: 'local', cache_tags: ['games'] })).status).toBe(202)
    clock += 5_000
    expect((await purge(api, body)).status).toBe(202)
  })
})
