import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createNews } from '../demo/factories.ts'
import { startFakeNetlifyApi, type FakeNetlifyApi } from '../../../fakes/netlify-api-server.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { testPlatform, type TestPlatform } from '../../../tests/helpers/platform.ts'
import { createApp } from '../app.ts'
import { runSchedulerTick } from '../scheduler/tick.ts'
import { netlifyPurge } from './purge-client.ts'

/**
 * Publishing is a CDN purge (docs/decisions/0700): a write names the tags it changed, and the
 * purger sends them to Netlify's purge API (a fake on 127.0.0.1 here) before the write answers,
 * then visits the pages again. A purge the API refuses is retried, shown, and never dropped.
 */
let api: FakeNetlifyApi
let platform: TestPlatform
let app: ReturnType<typeof createApp>
let cookie: string
/** The purger's clock runs `offset` ms ahead of the real one: a test moves it instead of waiting. */
let offset = 0
const auth = { siteId: 'site-under-test', token: 'purge-token' }

beforeAll(async () => {
  api = await startFakeNetlifyApi()
})
afterAll(() => api.close())

/** A hung purge API is given up on after this here (production waits 5 s): the tests wait less. */
const TIMEOUT_MS = 250

function makePlatform() {
  return testPlatform({
    purge: netlifyPurge({ apiUrl: api.url, ...auth }, fetch, { timeoutMs: TIMEOUT_MS }),
    now: () => new Date(Date.now() + offset),
    // Retries wait for the test to move the clock and flush, never for a real timer.
    maxBackgroundWaitMs: -1,
  })
}

beforeEach(async () => {
  await resetDatabase()
  api.purges.length = 0
  api.answers.length = 0
  offset = 0
  platform = makePlatform()
  app = createApp(platform)
  cookie = await adminCookie()
})
afterEach(() => platform.purger.idle())

const send = async (method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const tagsSent = () => api.purges.map((p) => p.cache_tags ?? 'everything')
const status = async () => (await (await send('GET', '/api/admin/publish-status')).json()).publishing

describe('a write', () => {
  it('purges exactly the tags it changed before it answers, then re-warms their pages', async () => {
    const article = await createNews()
    const res = await send('POST', `/api/admin/update-news-title/${article.id}`, { title: 'Corrected title' })
    expect(res.status).toBe(200)
    // Sent before the answer: the owner who opens the page next sees the correction.
    expect(api.purges).toEqual([
      { site_id: auth.siteId, cache_tags: ['news', `news:${article.id}`], authorization: `Bearer ${auth.token}` },
    ])
    await platform.purger.idle()
    expect(platform.rewarmed).toEqual(
      expect.arrayContaining([`/news/${article.id}`, '/news', '/', '/rss.xml', '/sitemap.xml', '/news/page/2']),
    )
    expect(platform.rewarmed).not.toContain('/games')
    expect(await status()).toMatchObject({ state: 'live', purgesThisMonth: 1, waiting: [] })
  })

  it('purges nothing for a draft, and takes a published article down when it goes back to draft', async () => {
    const created = await send('POST', '/api/news', {
      title: 'Draft',
      content: '<p>Body</p>',
      author: 'Owner',
      status: 'draft',
    })
    expect(created.status).toBe(201)
    expect(api.purges).toEqual([])
    const article = await createNews({ title: 'Live', content: '<p>Live body</p>', author: 'Owner' })
    const back = await send('POST', '/api/admin/news/bulk', { action: 'draft', ids: [article.id] })
    expect(back.status).toBe(200)
    expect(tagsSent()).toEqual([['news', `news:${article.id}`]])
  })

  it('of each kind purges the tags of the pages that show it', async () => {
    const article = await createNews()
    await createNews()
    const writes: [string, string, unknown, (string[] | 'everything')[]][] = [
      ['POST', '/api/admin/games', { title: 'Game' }, [['games']]],
      ['POST', '/api/accessories', { name: 'Wheel', purchaseUrl: 'https://shop.example/w' }, [['accessories']]],
      ['POST', '/api/reviews', { title: 'Review', content: 'Good.', author: 'Owner', rating: '8' }, [['reviews']]],
      ['POST', '/api/streams', { title: 'Stream', streamUrl: 'https://www.twitch.tv/x' }, [['streams']]],
      ['POST', '/api/site-settings', { key: 'overlay_transparency', value: '40' }, [['site-settings']]],
      ['PUT', '/api/admin/seo/news', { title: 'News', description: 'All the news.', keywords: 'f1' }, [['seo']]],
      ['POST', `/api/admin/move-news-up/${article.id}`, undefined, [['news']]],
      ['DELETE', `/api/news/${article.id}`, undefined, [['news', `news:${article.id}`]]],
    ]
    for (const [method, path, body, tags] of writes) {
      api.purges.length = 0
      const res = await send(method, path, body)
      expect(res.status, `${method} ${path}: ${await res.text()}`).toBeLessThan(300)
      expect(tagsSent(), `${method} ${path}`).toEqual(tags)
    }
  })

  it('purges nothing when it is refused', async () => {
    const refused = await send('POST', '/api/accessories', { name: '' })
    expect(refused.status).toBe(400)
    expect(api.purges).toEqual([])
  })
})

describe('a purge the API refuses', () => {
  it('answers the write, waits without an error, and is sent again once the wait is over (429 with Retry-After)', async () => {
    const article = await createNews()
    api.answers.push({ status: 429, retryAfter: 30 })
    const res = await send('POST', `/api/admin/update-news-title/${article.id}`, { title: 'Corrected twice' })
    expect(res.status).toBe(200)
    // Too many purges is pacing (decision 0703): 'Publishing changes', no error for the owner.
    expect(await status()).toMatchObject({
      state: 'pending',
      waiting: expect.arrayContaining([
        expect.objectContaining({ tag: 'news', attempts: 0, lastError: null, failing: false }),
      ]),
    })
    // Not before the API's Retry-After.
    offset = 20_000
    await platform.purger.flush()
    expect(api.purges).toHaveLength(1)
    offset = 31_000
    expect((await platform.purger.flush()).purged.sort()).toEqual(['news', `news:${article.id}`])
    expect(tagsSent()).toEqual([
      ['news', `news:${article.id}`],
      ['news', `news:${article.id}`],
    ])
    expect(await status()).toMatchObject({ state: 'live', waiting: [], failedPurgesThisMonth: 0 })
  })

  it('stays queued through failures until the scheduler tick gets it through', async () => {
    api.answers.push({ status: 500 }, { status: 503 })
    const res = await send('POST', '/api/accessories', { name: 'Wheel', purchaseUrl: 'https://shop.example/wheel' })
    expect(res.status).toBe(201)
    offset = 6_000
    await platform.purger.flush()
    expect((await status()).waiting).toEqual([
      expect.objectContaining({ tag: 'accessories', attempts: 2, lastError: 'The purge API answered 503.' }),
    ])
    offset = 30_000
    const report = await runSchedulerTick(platform, new Date(Date.now() + offset))
    expect(report.purged).toEqual(['accessories'])
    expect(tagsSent()).toEqual([['accessories'], ['accessories'], ['accessories']])
    expect((await status()).state).toBe('live')
  })

  it('on its own, sends a paced save once its window allows, though a later save already sent the refused purge', async () => {
    // The purger's own background flush is what is tried: its timers and clock are Vitest's, moved
    // on by the test (and with the real clock, so that the database and the fake API answer).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    try {
      platform = testPlatform({
        purge: netlifyPurge({ apiUrl: api.url, ...auth }, fetch, { timeoutMs: TIMEOUT_MS }),
        maxBackgroundWaitMs: 20_000,
      })
      app = createApp(platform)
      const article = await createNews()
      await platform.purger.flush()
      // A refused purge sets a background flush for 5 s on...
      api.answers.push({ status: 429 })
      expect(
        (await send('POST', '/api/accessories', { name: 'Wheel', purchaseUrl: 'https://shop.example/w' })).status,
      ).toBe(201)
      await vi.advanceTimersByTimeAsync(1_000)
      // ...but the next save sends it at once, and a burst of saves paces the article's last take to
      // about 6 s on, when that flush finds nothing due.
      expect(
        (await send('POST', '/api/accessories', { name: 'Pedals', purchaseUrl: 'https://shop.example/p' })).status,
      ).toBe(201)
      const articlePurges = () => tagsSent().filter((tags) => tags.includes(`news:${article.id}`)).length
      const before = articlePurges()
      for (const take of [1, 2, 3])
        expect(
          (await send('POST', `/api/admin/update-news-title/${article.id}`, { title: `Take ${take}` })).status,
        ).toBe(200)
      expect(articlePurges()).toBe(before + 2)
      // Nothing is sent before the window allows it; then the purger's own timer sends the last take.
      await vi.advanceTimersByTimeAsync(3_000)
      expect(articlePurges()).toBe(before + 2)
      await vi.advanceTimersByTimeAsync(4_000)
      await expect.poll(articlePurges, { timeout: 5_000, interval: 50 }).toBe(before + 3)
      // And whatever else waited goes out on the purger's own timers too, the clock moved on for them.
      await expect
        .poll(
          async () => {
            await vi.advanceTimersByTimeAsync(1_000)
            return (await status()).state
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe('live')
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not hold the save when the API does not answer', async () => {
    api.answers.push('hang')
    const res = await send('POST', '/api/accessories', { name: 'Wheel', purchaseUrl: 'https://shop.example/wheel' })
    expect(res.status).toBe(201)
    expect((await status()).waiting).toEqual([
      expect.objectContaining({ tag: 'accessories', lastError: 'The purge API did not answer within 0.25 s.' }),
    ])
  })
})

describe('the queue', () => {
  it('purges a tag written again while its purge was in flight once more', async () => {
    const article = await createNews()
    api.answers.push('hang')
    // The first purge hangs (production gives up after 5 s, here after TIMEOUT_MS); a second write
    // asks for the same tags meanwhile.
    const first = send('POST', `/api/admin/update-news-title/${article.id}`, { title: 'One' })
    await expect.poll(() => api.purges.length).toBe(1)
    const second = await send('POST', `/api/admin/update-news-title/${article.id}`, { title: 'Two' })
    expect(second.status).toBe(200)
    expect((await first).status).toBe(200)
    offset = 10_000
    await platform.purger.flush()
    expect((await status()).waiting).toEqual([])
    // The hung one, and the tags once more after it: the second title is never left behind.
    expect(tagsSent().at(-1)).toEqual(['news', `news:${article.id}`])
  })

  it('sends each waiting tag once when two instances flush at the same time', async () => {
    api.answers.push({ status: 500 })
    expect((await send('POST', '/api/admin/games', { title: 'Game' })).status).toBe(201)
    offset = 6_000
    const other = makePlatform()
    await Promise.all([platform.purger.flush(), other.purger.flush(), platform.purger.flush()])
    expect(tagsSent()).toEqual([['games'], ['games']])
  })

  it("'Purge Everything' purges the whole site", async () => {
    const res = await send('POST', '/api/admin/purge-all')
    expect(res.status).toBe(200)
    expect(api.purges).toEqual([{ site_id: auth.siteId, authorization: `Bearer ${auth.token}` }])
    await platform.purger.idle()
    expect(platform.rewarmed).toEqual(expect.arrayContaining(['/', '/games', '/news', '/reviews', '/rss.xml']))
  })
})
