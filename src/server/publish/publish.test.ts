import http from 'node:http'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { db } from '../db/client.ts'
import { adminCookie, send } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { createNews } from '../db/factories.ts'
import {
  configurePublishing,
  flushPendingBuild,
  getPublishStatus,
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

beforeEach(async () => {
  await resetDatabase()
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
    await db().execute(sql`update publish_state set hook_requested_at = hook_requested_at - interval '61 seconds'`)
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
})
