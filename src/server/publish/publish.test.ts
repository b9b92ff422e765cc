import http from 'node:http'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { db } from '../db/client.ts'
import { adminCookie, send } from '../../../tests/helpers/auth.ts'
import { givenUnlimitedDeploys, resetDatabase } from '../../../tests/helpers/db.ts'
import { createNews } from '../../../tests/factories.ts'
import {
  configurePublishing,
  flushPendingBuild,
  getPublishStatus,
  localBuildDue,
  markBuildFinished,
  markBuildStarted,
} from './publish.ts'

let hookCalls: string[] = []
let server: http.Server
let hookUrl = ''
let purged: string[][] = []
let restore: () => void

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      hookCalls.push(body)
      res.writeHead(200).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/build_hooks/abc`
})
afterAll(async () => {
  restore?.()
  await new Promise((r) => server.close(r))
})

/** The debounce window has passed: the last hook call and its deploy moved 61 s back (in the database). */
const windowPassed = async () => {
  await db().execute(sql`update publish_state set hook_requested_at = hook_requested_at - interval '61 seconds'`)
  await db().execute(sql`update deploys set requested_at = requested_at - interval '61 seconds'`)
}

beforeEach(async () => {
  await resetDatabase()
  await givenUnlimitedDeploys()
  hookCalls = []
  purged = []
  restore?.()
  restore = configurePublishing({
    hookUrl,
    debounceMs: 60_000,
    purgeToken: 'purge-token',
    purge: async (options) => {
      purged.push([...((options as { tags?: string[] }).tags ?? [])])
    },
  })
})

const publishStatus = async (cookie: string) => (await send('GET', '/api/admin/publish-status', { cookie })).body

describe('publishing after writes', () => {
  it('records the changed tags, marks the site pending, purges the tags and calls the build hook', async () => {
    const cookie = await adminCookie()
    expect((await publishStatus(cookie)).status).toBe('live')
    const article = await createNews()
    const res = await send('POST', `/api/admin/update-news-title/${article.id}`, { cookie, body: { title: 'Renamed' } })
    expect(res.status).toBe(200)
    const status = await publishStatus(cookie)
    expect(status).toMatchObject({ status: 'pending', changedTags: ['news'], lastError: null })
    expect(new Date(status.requestedAt).getTime()).toBeGreaterThan(Date.now() - 10_000)
    expect(purged).toEqual([['news']])
    expect(hookCalls).toHaveLength(1)
  })

  it('makes one build for a burst of edits; the scheduler flush catches up after the window', async () => {
    const cookie = await adminCookie()
    const article = await createNews()
    for (let i = 0; i < 5; i++) {
      await send('POST', `/api/admin/update-news-title/${article.id}`, { cookie, body: { title: `Title ${i}` } })
    }
    await send('POST', '/api/accessories', { cookie, body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' } })
    expect(hookCalls).toHaveLength(1)
    expect((await publishStatus(cookie)).changedTags).toEqual(['accessories', 'news'])
    // Inside the window: nothing more.
    expect(await flushPendingBuild()).toBe(false)
    // After the window (moved in the database): one catch-up build.
    await windowPassed()
    expect(await flushPendingBuild()).toBe(true)
    expect(hookCalls).toHaveLength(2)
    expect(await flushPendingBuild()).toBe(false)
  })

  it('does not publish refused writes or admin-only settings', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/accessories', { cookie, body: { name: '' } })
    await send('POST', '/api/admin/ai-settings', { cookie, body: { wordCount: 400 } })
    expect((await publishStatus(cookie)).status).toBe('live')
    expect(hookCalls).toHaveLength(0)
  })

  it('keeps the write when the build hook fails, and shows the error', async () => {
    restore()
    restore = configurePublishing({ hookUrl: 'http://127.0.0.1:9/unreachable', purgeToken: undefined })
    const cookie = await adminCookie()
    const res = await send('POST', '/api/accessories', {
      cookie,
      body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' },
    })
    expect(res.status).toBe(201)
    const status = await publishStatus(cookie)
    expect(status.status).toBe('pending')
    expect(status.lastError).toMatch(/Build hook failed/)
  })

  it('moves through building to live with the deploy events', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/accessories', { cookie, body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' } })
    await markBuildStarted()
    expect((await getPublishStatus()).status).toBe('building')
    // An edit during the build keeps it building and asks for another round.
    await send('POST', '/api/accessories', { cookie, body: { name: 'Pedals', purchaseUrl: 'https://shop.example/p' } })
    expect((await getPublishStatus()).status).toBe('building')
    await markBuildFinished(null)
    expect((await getPublishStatus()).status).toBe('pending')
    await markBuildStarted()
    await markBuildFinished(null)
    expect(await publishStatus(cookie)).toMatchObject({ status: 'live', changedTags: [], lastError: null })
  })

  it('leaves the edits pending with the error when a build fails, and does not retry it by itself', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/accessories', { cookie, body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' } })
    const before = await getPublishStatus()
    await markBuildStarted()
    await markBuildFinished('astro build failed (exit 1)')
    expect(await publishStatus(cookie)).toMatchObject({
      status: 'pending',
      changedTags: ['accessories'],
      lastError: 'astro build failed (exit 1)',
      liveAt: before.liveAt,
    })
    // The hook call already covered these edits: past the window, the scheduler does not call it again.
    expect(await flushPendingBuild(new Date(Date.now() + 61_000))).toBe(false)
    expect(hookCalls).toHaveLength(1)
    // The next edit after the window builds again, and a good build clears the error.
    await windowPassed()
    await send('POST', '/api/accessories', { cookie, body: { name: 'Pedals', purchaseUrl: 'https://shop.example/p' } })
    expect(hookCalls).toHaveLength(2)
    await markBuildStarted()
    await markBuildFinished(null)
    expect(await publishStatus(cookie)).toMatchObject({ status: 'live', changedTags: [], lastError: null })
  })

  it('keeps a failed build pending even when edits arrived during it', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/accessories', { cookie, body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' } })
    await markBuildStarted(new Date(Date.now() - 1000))
    await send('POST', '/api/accessories', { cookie, body: { name: 'Pedals', purchaseUrl: 'https://shop.example/p' } })
    await markBuildFinished('The Netlify deploy failed.')
    expect((await getPublishStatus()).status).toBe('pending')
  })
})

describe('the trailing edge of the debounce in production (flushPendingBuild)', () => {
  const edit = async (cookie: string, name: string) =>
    send('POST', '/api/accessories', { cookie, body: { name, purchaseUrl: 'https://shop.example/x' } })

  it('does nothing while the site is live', async () => {
    expect(await flushPendingBuild()).toBe(false)
    expect(hookCalls).toHaveLength(0)
  })

  it('leaves edits made during a build to the flush after that build', async () => {
    const cookie = await adminCookie()
    await edit(cookie, 'Wheel')
    await markBuildStarted()
    await edit(cookie, 'Pedals')
    await windowPassed()
    // Netlify is building: no second build yet (it could not include more than the next one will).
    expect(await flushPendingBuild()).toBe(false)
    await markBuildFinished(null)
    expect(await flushPendingBuild()).toBe(true)
    expect(hookCalls).toHaveLength(2)
  })

  it('calls the hook again after a failed call, once per call of the scheduler', async () => {
    restore()
    restore = configurePublishing({ hookUrl: 'http://127.0.0.1:9/unreachable', debounceMs: 60_000 })
    const cookie = await adminCookie()
    await edit(cookie, 'Wheel')
    expect((await getPublishStatus()).lastError).toMatch(/Build hook failed/)
    restore()
    restore = configurePublishing({ hookUrl, debounceMs: 60_000 })
    expect(await flushPendingBuild()).toBe(true)
    expect(hookCalls).toHaveLength(1)
    expect((await getPublishStatus()).lastError).toBeNull()
  })

  it('makes one hook call when two scheduled instances flush at once', async () => {
    const cookie = await adminCookie()
    await edit(cookie, 'Wheel')
    await edit(cookie, 'Pedals')
    await windowPassed()
    const results = await Promise.all([flushPendingBuild(), flushPendingBuild(), flushPendingBuild()])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(hookCalls).toHaveLength(2)
  })
})

describe('the trailing edge of the local runner (localBuildDue)', () => {
  const quietMs = 3_000
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, 0) + ms)

  it('builds edits once they have been quiet for the window, and nothing when live', () => {
    expect(localBuildDue({ status: 'live', requestedAt: at(0) }, { quietMs, now: at(10_000) })).toBe(false)
    expect(localBuildDue({ status: 'pending', requestedAt: at(0) }, { quietMs, now: at(2_999) })).toBe(false)
    expect(localBuildDue({ status: 'pending', requestedAt: at(0) }, { quietMs, now: at(3_000) })).toBe(true)
  })

  it('does not rebuild edits a build of this run already started on (a failed build waits for the next edit)', () => {
    const lastBuildStartedAt = at(5_000)
    expect(
      localBuildDue({ status: 'pending', requestedAt: at(0) }, { lastBuildStartedAt, quietMs, now: at(60_000) }),
    ).toBe(false)
    expect(
      localBuildDue({ status: 'pending', requestedAt: at(6_000) }, { lastBuildStartedAt, quietMs, now: at(9_000) }),
    ).toBe(true)
  })

  it('builds at the first tick of a run whatever a stopped run left behind', () => {
    expect(localBuildDue({ status: 'building', requestedAt: at(0) }, { quietMs, now: at(60_000) })).toBe(true)
    expect(localBuildDue({ status: 'pending', requestedAt: null }, { quietMs, now: at(60_000) })).toBe(false)
  })

  it('follows the state the shared functions leave after a failed local build', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/accessories', { cookie, body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' } })
    const startedAt = new Date()
    await markBuildStarted(startedAt)
    await markBuildFinished('The local build failed: astro build failed (exit 1)')
    const later = new Date(startedAt.getTime() + 60_000)
    expect(localBuildDue(await getPublishStatus(), { lastBuildStartedAt: startedAt, quietMs, now: later })).toBe(false)
    await send('POST', '/api/accessories', { cookie, body: { name: 'Pedals', purchaseUrl: 'https://shop.example/p' } })
    const state = await getPublishStatus()
    expect(localBuildDue(state, { lastBuildStartedAt: startedAt, quietMs, now: later })).toBe(true)
  })
})
