import http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../demo/factories.ts'
import { appWith, type Send } from '../../../tests/helpers/app.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { givenUnlimitedDeploys, resetDatabase } from '../../../tests/helpers/db.ts'
import {
  deployHookFromEnv,
  getDeployStatus,
  markBuildFinished,
  markBuildStarted,
  type DeployHook,
} from './deploy-hook.ts'

/**
 * Deploys are for code (docs/decisions/0700): content changes purge the CDN and never call the
 * build hook; the owner's 'Rebuild Site' does, within the month's deploy budget (decision 0204),
 * and Netlify's deploy events move the build status.
 */
let hookCalls: string[] = []
let server: http.Server
let hookUrl = ''
let send: Send

/** The app of a site whose 'Rebuild Site' calls `hook` (the fake above unless a test says otherwise). */
const siteWith = (hook: Partial<DeployHook> = {}): Send =>
  appWith({ deploys: { ...deployHookFromEnv(), hookUrl, debounceMs: 60_000, ...hook } }).send

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
  await new Promise((r) => server.close(r))
})

beforeEach(async () => {
  await resetDatabase()
  await givenUnlimitedDeploys()
  hookCalls = []
  send = siteWith()
})

const panelStatus = async (cookie: string) => (await send('GET', '/api/admin/publish-status', { cookie })).body

describe('content changes', () => {
  it('never call the build hook', async () => {
    const cookie = await adminCookie()
    const article = await createNews()
    expect(
      (await send('POST', `/api/admin/update-news-title/${article.id}`, { cookie, body: { title: 'New' } })).status,
    ).toBe(200)
    expect(
      (
        await send('POST', '/api/accessories', {
          cookie,
          body: { name: 'Wheel', purchaseUrl: 'https://shop.example/w' },
        })
      ).status,
    ).toBe(201)
    expect(hookCalls).toEqual([])
    expect((await panelStatus(cookie)).deploys).toMatchObject({ deploysThisMonth: 0, creditsThisMonth: 0 })
  })
})

describe("the owner's 'Rebuild Site'", () => {
  it('calls the build hook, records the deploy and its credits, and moves with the deploy events', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/rebuild', { cookie })
    expect(res.status).toBe(200)
    expect(res.body.decision).toEqual({ action: 'deploy' })
    expect(hookCalls).toHaveLength(1)
    expect(hookCalls[0]).toContain('trigger_title=')
    expect((await panelStatus(cookie)).deploys).toMatchObject({ deploysThisMonth: 1, creditsThisMonth: 15 })
    expect((await getDeployStatus()).status).toBe('pending')
    await markBuildStarted()
    expect((await panelStatus(cookie)).build.status).toBe('building')
    await markBuildFinished(null)
    expect((await panelStatus(cookie)).build).toMatchObject({ status: 'live', lastError: null })
  })

  it('makes one hook call for clicks within the debounce window, and says when the next may run', async () => {
    const cookie = await adminCookie()
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', '/api/admin/rebuild', { cookie })))
    expect(hookCalls).toHaveLength(1)
    expect(answers.map((a) => a.body.decision.action).sort()).toEqual(['deploy', 'wait', 'wait'])
  })

  it('shows a failed hook call and counts no deploy', async () => {
    send = siteWith({ hookUrl: 'http://127.0.0.1:9/unreachable' })
    const cookie = await adminCookie()
    const res = await send('POST', '/api/admin/rebuild', { cookie })
    expect(res.status).toBe(200)
    const status = await panelStatus(cookie)
    expect(status.build.lastError).toMatch(/Build hook failed/)
    expect(status.deploys).toMatchObject({ deploysThisMonth: 0, creditsThisMonth: 0 })
  })

  it('keeps a failed deploy with its error until a good one', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/admin/rebuild', { cookie })
    await markBuildStarted()
    await markBuildFinished('The Netlify deploy failed.')
    expect((await panelStatus(cookie)).build).toMatchObject({
      status: 'pending',
      lastError: 'The Netlify deploy failed.',
    })
    await markBuildStarted()
    await markBuildFinished(null)
    expect((await panelStatus(cookie)).build).toMatchObject({ status: 'live', lastError: null })
  })
})
