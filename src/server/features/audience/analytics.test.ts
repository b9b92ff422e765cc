import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createNews } from '../../demo/factories.ts'
import { app, platform } from '../../../../tests/helpers/app.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { BEACON_PATH } from '../../../lib/audience/beacon.ts'
import { utcDay } from '../../../lib/audience/visitor-hash.ts'
import { AUDIENCE_ROWS, AUDIENCE_ROWS_MAX, OTHER_VALUE } from '../../../lib/audience/figures.ts'
import { DAY_VALUES_MAX, FLOOD_MAX_PER_MINUTE, NETWORK_MAX_PER_MINUTE } from './record.ts'
import { db } from '../../db/client.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0'

interface Beacon {
  body?: unknown
  raw?: string
  ip?: string
  userAgent?: string
  headers?: Record<string, string>
  cookie?: string
}

/** A page's beacon as a browser sends it (text/plain, same origin), from an address of the platform's. */
async function beacon({ body, raw, ip = '198.51.100.7', userAgent = CHROME, headers = {}, cookie }: Beacon) {
  const res = await app.request(
    BEACON_PATH,
    {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: 'http://localhost:8888',
        'user-agent': userAgent,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: raw ?? JSON.stringify(body),
    },
    { context: { ip } },
  )
  return res
}

const view = (u: string, extra: Record<string, unknown> = {}) => ({ u, w: 1280, ...extra })

const events = async () =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0]!.n

async function summary(query = '') {
  const res = await send('GET', `/api/admin/analytics/summary${query}`, { cookie: await adminCookie() })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

beforeEach(async () => {
  await resetDatabase()
  platform.purged.length = 0
})
afterEach(() => {
  vi.useRealTimers()
})

/**
 * The bounds count per clock minute: a test that sends hundreds of beacons on a loaded machine may
 * cross into the next minute, whose allowance is new. Its clock (Date only) stays 20 s into this one.
 */
function withinOneMinute() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 20_000)
}

describe('the beacon (POST /api/analytics/view)', () => {
  it('counts views and visitors: two views of one reader are one visitor; answers 204, never kept', async () => {
    const article = await createNews({ title: 'Le Mans in the rain' })
    const first = await beacon({ body: view(`/news/${article.id}`, { r: 'https://www.google.com' }) })
    expect(first.status).toBe(204)
    expect(first.headers.get('cache-control')).toBe('no-store')
    await beacon({ body: view('/games') })
    await beacon({ body: view('/games', { w: 390 }), ip: '198.51.100.8', userAgent: FIREFOX })

    const today = utcDay(new Date())
    const figures = await summary()
    expect(figures.days.at(-1)).toEqual({ day: today, views: 3, visitors: 2 })
    expect(figures.totals).toEqual({ views: 3, visitors: 2 })
    expect(figures.pages[0]).toEqual({ value: '/games', views: 2, visitors: 2 })
    expect(figures.articles).toEqual([
      { value: `/news/${article.id}`, id: article.id, title: 'Le Mans in the rain', views: 1, visitors: 1 },
    ])
    expect(figures.sources).toEqual([
      { value: '', views: 2, visitors: 2 },
      { value: 'google.com', views: 1, visitors: 1 },
    ])
    expect(figures.devices).toEqual([
      { value: 'desktop', views: 2, visitors: 1 },
      { value: 'mobile', views: 1, visitors: 1 },
    ])
  })

  it("keeps the campaign's utm_source as the source, and its medium and campaign", async () => {
    await beacon({
      body: view('/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring', { r: 'https://mail.example' }),
    })
    const figures = await summary()
    expect(figures.sources).toEqual([{ value: 'newsletter', views: 1, visitors: 1 }])
    expect(figures.mediums).toEqual([{ value: 'email', views: 1, visitors: 1 }])
    expect(figures.campaigns).toEqual([{ value: 'spring', views: 1, visitors: 1, clicks: 0 }])
    expect(figures.pages).toEqual([{ value: '/', views: 1, visitors: 1 }])
  })

  it('stores no address, no user agent and no referrer beyond its host', async () => {
    await beacon({ body: view('/news', { r: 'https://forum.example/thread/42?user=9' }), ip: '203.0.113.99' })
    const [row] = await db().execute<Record<string, unknown>>(sql`select * from analytics_events`)
    const stored = JSON.stringify(row)
    expect(stored).not.toContain('203.0.113.99')
    expect(stored).not.toContain('Chrome')
    expect(stored).not.toContain('thread')
    expect(row).toMatchObject({ path: '/news', referrer_host: 'forum.example', device: 'desktop' })
  })

  it('a referrer from our own pages is no source', async () => {
    await beacon({ body: view('/news', { r: 'http://localhost:8888' }) })
    expect((await summary()).sources).toEqual([{ value: '', views: 1, visitors: 1 }])
  })

  it("drops bots, prefetches, Sec-GPC: 1 and the owner's own visits: 204 and nothing stored", async () => {
    const before = await databaseDigest()
    const cookie = await adminCookie()
    const afterCookie = await databaseDigest()
    const drops: Beacon[] = [
      { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') },
      { userAgent: '' },
      { headers: { 'sec-purpose': 'prefetch;prerender' } },
      { headers: { purpose: 'prefetch' } },
      { headers: { 'sec-gpc': '1' } },
      { cookie },
    ]
    for (const dropped of drops) {
      const res = await beacon({ body: view('/games'), ...dropped })
      expect(res.status, JSON.stringify(dropped)).toBe(204)
    }
    expect(await databaseDigest()).toBe(afterCookie)
    expect(afterCookie).not.toBe(before)
  })

  it('drops a forged or oversized body and any path that is not a page of the site: 204, nothing stored', async () => {
    const before = await databaseDigest()
    for (const bad of [
      { raw: '' },
      { raw: 'not json' },
      { raw: '{"u":"/games"' },
      { body: null },
      { body: [] },
      { body: { u: 42 } },
      { body: { u: '/games', extra: 1 } },
      { body: { u: '/games', w: 'wide' } },
      { body: { u: '/games', w: -1 } },
      { body: { u: '/games', r: 'x'.repeat(2000) } },
      { raw: JSON.stringify({ u: '/games', r: `https://a.example/${'x'.repeat(3000)}` }) },
      { body: view('/admin') },
      { body: view('/api/news') },
      { body: view('/news/abc') },
      { body: view('/news/012') },
      { body: view('/wp-login.php') },
      { body: view('https://evil.example/') },
    ]) {
      const res = await beacon(bad)
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(204)
    }
    expect(await databaseDigest()).toBe(before)
  })

  it(`bounds a flood from one address: ${FLOOD_MAX_PER_MINUTE} a minute are counted, the rest dropped`, async () => {
    withinOneMinute()
    for (let i = 0; i <= FLOOD_MAX_PER_MINUTE; i++) {
      // Another user agent each time: the bound is per address, whatever the browser says it is.
      expect((await beacon({ body: view('/games'), userAgent: `${FIREFOX} n${i}` })).status).toBe(204)
    }
    expect(await events()).toBe(FLOOD_MAX_PER_MINUTE)
    await beacon({ body: view('/games'), ip: '198.51.100.200' })
    expect(await events()).toBe(FLOOD_MAX_PER_MINUTE + 1)
  })

  it('counts one view in N as N, and nothing when counting is off', async () => {
    const cookie = await adminCookie()
    expect((await send('PUT', '/api/admin/analytics/settings', { cookie, body: { sampleRate: 5 } })).status).toBe(200)
    await beacon({ body: view('/reviews') })
    expect((await summary()).totals).toEqual({ views: 5, visitors: 5 })

    expect((await send('PUT', '/api/admin/analytics/settings', { cookie, body: { enabled: false } })).status).toBe(200)
    await beacon({ body: view('/reviews'), ip: '198.51.100.9' })
    expect(await events()).toBe(1)
  })
})

describe('the audience settings', () => {
  it('answers the defaults, saves a change and purges what the pages show of it', async () => {
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/analytics/settings', { cookie })).body).toEqual({
      enabled: true,
      sampleRate: 1,
      gearByClicks: false,
      mostRead: false,
    })
    const saved = await send('PUT', '/api/admin/analytics/settings', { cookie, body: { gearByClicks: true } })
    expect(saved.body).toMatchObject({ gearByClicks: true, sampleRate: 1 })
    expect(platform.purged.at(-1)).toEqual(['accessories'])
    await send('PUT', '/api/admin/analytics/settings', { cookie, body: { mostRead: 'true' } })
    expect(platform.purged.at(-1)).toEqual(['audience'])
    // The beacon's switch and rate are on every page.
    await send('PUT', '/api/admin/analytics/settings', { cookie, body: { sampleRate: '10' } })
    expect(platform.purged.at(-1)).toBe('everything')
  })

  it('refuses bad values with a 400 that says why, and changes nothing', async () => {
    const cookie = await adminCookie()
    const before = await databaseDigest()
    for (const [body, message] of [
      [{ sampleRate: 0 }, 'One view in N must be between 1 and 1000.'],
      [{ sampleRate: 1001 }, 'One view in N must be between 1 and 1000.'],
      [{ sampleRate: 'often' }, 'One view in N must be a whole number.'],
      [{ enabled: 'yes' }, 'Counting must be true or false.'],
    ] as const) {
      const res = await send('PUT', '/api/admin/analytics/settings', { cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toEqual({ message })
    }
    expect(await databaseDigest()).toBe(before)
  })

  it('the figures are the owner’s only: 401 without a session', async () => {
    for (const path of ['/api/admin/analytics/summary', '/api/admin/analytics/clicks', '/api/admin/analytics/settings'])
      expect((await send('GET', path)).status, path).toBe(401)
  })
})

describe('the date range', () => {
  it('is the last 30 days by default; a range that cannot be is a 400 in words', async () => {
    const figures = await summary()
    expect(figures.days).toHaveLength(30)
    expect(figures.range.to).toBe(utcDay(new Date()))
    const cookie = await adminCookie()
    for (const [query, message] of [
      ['?from=2026-02-30', 'The start of the range must be a day that exists, such as 2026-11-01.'],
      ['?from=2026-11-20&to=2026-11-10', 'The range must start before it ends.'],
      ['?to=2999-01-01', 'The range cannot end after today.'],
      ['?from=2020-01-01&to=2026-01-01', 'The range can cover at most 366 days.'],
    ] as const) {
      const res = await send('GET', `/api/admin/analytics/summary${query}`, { cookie })
      expect(res.status, query).toBe(400)
      expect(res.body).toEqual({ message })
    }
  })
})

describe("the lists' length (issue 45)", () => {
  it(`shows ${AUDIENCE_ROWS} rows of each list and says when there are more; ?limit= shows up to ${AUDIENCE_ROWS_MAX}`, async () => {
    const articles = []
    for (let i = 0; i < AUDIENCE_ROWS + 2; i++) articles.push(await createNews({ title: `Story ${i}` }))
    // Story i is read i + 1 times: the most read first.
    for (const [i, article] of articles.entries()) {
      for (let n = 0; n <= i; n++) await beacon({ body: view(`/news/${article.id}`), ip: `10.1.${i}.${n + 1}` })
    }
    const first = await summary()
    expect(first.pages).toHaveLength(AUDIENCE_ROWS)
    expect(first.articles).toHaveLength(AUDIENCE_ROWS)
    expect(first.articles[0]).toMatchObject({ title: `Story ${AUDIENCE_ROWS + 1}`, views: AUDIENCE_ROWS + 2 })
    expect(first.more).toEqual({
      pages: true,
      articles: true,
      sources: false,
      mediums: false,
      campaigns: false,
      devices: false,
    })

    const all = await summary(`?limit=${AUDIENCE_ROWS_MAX}`)
    expect(all.pages).toHaveLength(AUDIENCE_ROWS + 2)
    expect(all.articles.map((a: { title: string }) => a.title)).toEqual(articles.map((a) => a.title).toReversed())
    expect(all.more).toMatchObject({ pages: false, articles: false })
    expect((await summary(`?limit=${AUDIENCE_ROWS + 1}`)).more).toMatchObject({ pages: true, articles: true })

    const cookie = await adminCookie()
    for (const limit of ['0', String(AUDIENCE_ROWS_MAX + 1), 'all', '2.5']) {
      const res = await send('GET', `/api/admin/analytics/summary?limit=${limit}`, { cookie })
      expect(res.status, limit).toBe(400)
      expect(res.body.message, limit).toMatch(/^The number of rows must be/)
    }
  })
})

describe('figures only real visits make (issue 42)', () => {
  const pageRows = async () =>
    (
      await db().execute<{ path: string }>(sql`select path from analytics_events where kind = 'view' order by path`)
    ).map((r) => r.path)

  it('counts an article or a news page only while it is there: a made-up number adds nothing', async () => {
    const published = await createNews({ title: 'Spa 24 Hours' })
    const draft = await createNews({ title: 'Draft', status: 'draft' })
    for (let i = 0; i < 24; i++) await createNews({ title: `Story ${i}` })
    const before = await databaseDigest()
    // 25 published articles: /news and /news/page/2 are there, /news/page/3 is not.
    const madeUp = [
      `/news/${draft.id}`,
      '/news/999999',
      '/news/123456789',
      '/news/page/3',
      '/news/page/999999',
      ...Array.from({ length: 200 }, (_, i) => `/news/${50_000 + i}`),
    ]
    for (const [i, path] of madeUp.entries()) await beacon({ body: view(path), ip: `10.${i % 250}.${i >> 8}.1` })
    expect(await databaseDigest()).toBe(before)

    await beacon({ body: view(`/news/${published.id}`) })
    await beacon({ body: view('/news/page/2') })
    expect(await pageRows()).toEqual([`/news/${published.id}`, '/news/page/2'])
  })

  it(`bounds a network as well as an address: ten addresses of one /24 count ${NETWORK_MAX_PER_MINUTE} views a minute, an IPv6 /64 the same`, async () => {
    withinOneMinute()
    for (let address = 1; address <= 10; address++) {
      for (let i = 0; i < FLOOD_MAX_PER_MINUTE; i++) await beacon({ body: view('/games'), ip: `203.0.113.${address}` })
    }
    expect(await events()).toBe(NETWORK_MAX_PER_MINUTE)
    for (let address = 1; address <= 4; address++) {
      for (let i = 0; i < FLOOD_MAX_PER_MINUTE; i++) {
        await beacon({ body: view('/games'), ip: `2001:db8:7:7:${address.toString(16)}::1` })
      }
    }
    expect(await events()).toBe(2 * NETWORK_MAX_PER_MINUTE)
    // Another network still counts.
    await beacon({ body: view('/games'), ip: '198.51.100.77' })
    expect(await events()).toBe(2 * NETWORK_MAX_PER_MINUTE + 1)
  })

  it(`keeps ${DAY_VALUES_MAX} referrer hosts and campaign names a day; made-up ones count together as others`, async () => {
    const flood = DAY_VALUES_MAX + 25
    for (let i = 0; i < flood; i++) {
      await beacon({
        body: view(`/games?utm_campaign=junk${i}`, { r: `https://spam${i}.example/` }),
        ip: `10.${i % 250}.${Math.floor(i / 250)}.1`,
      })
    }
    expect(await events()).toBe(flood)
    const kept = await db().execute<{ hosts: number; campaigns: number; other: number }>(sql`
      select count(distinct referrer_host)::int as hosts, count(distinct utm_campaign)::int as campaigns,
        count(*) filter (where referrer_host = ${OTHER_VALUE} and utm_campaign = ${OTHER_VALUE})::int as other
      from analytics_events`)
    // The day's names, and one more: the others.
    expect(kept[0]).toEqual({ hosts: DAY_VALUES_MAX + 1, campaigns: DAY_VALUES_MAX + 1, other: 25 })

    // A name seen once on such a day is one of the others in the tab too: no spam host tops the sources.
    const figures = await summary()
    expect(figures.sources).toEqual([{ value: OTHER_VALUE, views: flood, visitors: flood }])
    expect(figures.campaigns).toEqual([{ value: OTHER_VALUE, views: flood, visitors: flood, clicks: 0 }])
    expect(figures.pages).toEqual([{ value: '/games', views: flood, visitors: flood }])
  })
})
