import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { publicRoutes } from '../../src/server/public-routes.ts'
import { startAiHarness, type AiHarness } from '../helpers/ai.ts'
import { app as sharedApp, appWith, type Send } from '../helpers/app.ts'
import { adminCookie } from '../helpers/auth.ts'
import { startBlobs, type BlobsHarness } from '../helpers/blobs.ts'
import { startRefreshHarness, type RefreshHarness } from '../helpers/refresh.ts'
import { startFakeJolpica, type FakeJolpica } from '../../fakes/jolpica-server.ts'
import { withExternalOverrides } from '../../src/server/external/config.ts'
import { resetDatabase } from '../helpers/db.ts'

// The AI endpoints answer 503 without keys (by design): here they talk to the fake AI server.
let ai: AiHarness
// Likewise the stream refresh (503 without Twitch or YouTube keys): the fake Twitch, YouTube and Steam.
let refresh: RefreshHarness
// And Jolpica-F1 (the F1 calendar's read): its fake, which answers.
let jolpica: FakeJolpica
let blobs: BlobsHarness
let target: ReturnType<typeof appWith>['app']
let send: Send
beforeAll(async () => {
  blobs = await startBlobs()
  ai = await startAiHarness({ runJobs: false })
  refresh = await startRefreshHarness({ runJobs: false })
  jolpica = await startFakeJolpica()
  const external = withExternalOverrides(refresh.platform.external, { jolpica: { baseUrl: jolpica.baseUrl } })
  ;({ app: target, send } = appWith({ ...ai.platform, ...refresh.platform, external, blobs: blobs.stores }))
})
afterAll(async () => {
  await jolpica.close()
  await refresh.close()
  await ai.close()
  await blobs.close()
})
beforeAll(resetDatabase)

/** Every endpoint the app registers (middleware is registered as ALL). */
const endpoints = [...new Set(sharedApp.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))]

const sample: Record<string, string> = { page: 'home', key: 'hero_image', index: '0', driverIndex: '0' }
const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => sample[name] ?? '1')

/** What a visitor may call: the public reads of spec 000 and the login. Anything else must be listed here on purpose. */
const expectedPublic = [
  'GET /api/games',
  'GET /api/games/featured',
  'GET /api/games/steam',
  'GET /api/games/:id',
  'GET /api/accessories',
  'GET /api/accessories/featured',
  'GET /api/accessories/:id',
  'GET /api/news',
  'GET /api/news/:id',
  'GET /api/news/categories',
  'GET /api/news/search-help',
  'GET /api/championships-standings',
  'GET /api/championships',
  'GET /api/championships/:id',
  'GET /api/lap-times',
  'GET /api/lap-times/tracks',
  'GET /api/streams',
  'GET /api/streams/live',
  'GET /api/streams/:id',
  'GET /api/reviews',
  'GET /api/reviews/:id',
  'GET /api/site-settings/:key',
  'GET /api/image-library',
  'POST /api/analytics/view',
  'POST /api/admin/login',
  'GET /api/admin/session/state',
  // The newsletter's sign-up and the links of its emails (docs/decisions/0800).
  'POST /api/newsletter/subscriptions',
  'POST /api/newsletter/confirmations',
  'POST /api/newsletter/unsubscribe',
  'GET /api/newsletter/unsubscribe',
]

describe('route protection', () => {
  it('finds the routes, and the public ones are exactly the intended list', () => {
    expect(endpoints.length).toBeGreaterThan(60)
    expect(endpoints.filter((e) => publicRoutes().has(e)).sort()).toEqual([...expectedPublic].sort())
    // Every allow-list entry is a real route (no stale entries that might match a future one).
    for (const entry of publicRoutes()) expect(endpoints).toContain(entry)
  })

  const protectedEndpoints = endpoints.filter((e) => !publicRoutes().has(e))

  it.each(protectedEndpoints)('%s answers 401 without a session', async (endpoint) => {
    const [method, path] = endpoint.split(' ') as [string, string]
    const res = await send(method, concrete(path), { body: method === 'GET' ? undefined : {} })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: expect.any(String) })
  })

  it.each(protectedEndpoints)('%s answers 403 from a foreign Origin even with a valid session', async (endpoint) => {
    const [method, path] = endpoint.split(' ') as [string, string]
    const cookie = await adminCookie()
    const body = method === 'GET' ? undefined : {}
    const foreign = await send(method, concrete(path), { cookie, body, headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBeTruthy()
    const referer = await send(method, concrete(path), {
      cookie,
      body,
      headers: { referer: 'https://evil.example/page' },
    })
    expect(referer.status).toBe(403)
  })

  describe('with a session from our own origin', () => {
    // Here the handlers run (an empty body may be accepted and write): each starts from a fresh
    // database. The refusals above never reach a handler, so they share the one of beforeAll.
    beforeEach(resetDatabase)

    it.each(protectedEndpoints)('%s is not refused by the guard', async (endpoint) => {
      const [method, path] = endpoint.split(' ') as [string, string]
      const cookie = await adminCookie()
      const res = await send(method, concrete(path), {
        cookie,
        body: method === 'GET' ? undefined : {},
        headers: { origin: 'http://localhost:8888' },
      })
      expect([401, 403]).not.toContain(res.status)
      expect(res.status).toBeLessThan(500)
    })
  })

  it('public reads need no session and ignore foreign origins', async () => {
    for (const endpoint of expectedPublic.filter((e) => e.startsWith('GET'))) {
      const res = await send('GET', concrete(endpoint.slice(4)), { headers: { origin: 'https://evil.example' } })
      expect(res.status, endpoint).not.toBe(401)
      expect(res.status, endpoint).not.toBe(403)
    }
  })

  it('registers no handler for every method (the guard matches handlers by method)', () => {
    const everyMethod = sharedApp.routes.filter((r) => r.method === 'ALL').map((r) => r.path)
    expect(everyMethod.filter((p) => !p.endsWith('*'))).toEqual([])
  })

  it('answers 404 for paths no route matches, with or without a session', async () => {
    expect((await send('POST', '/api/nothing-here')).status).toBe(404)
    const cookie = await adminCookie()
    expect((await send('GET', '/api/nothing-here', { cookie })).status).toBe(404)
    expect((await send('GET', '/api/admin/secret', { cookie })).status).toBe(404)
    // A write to a public path with no write route is still refused: it matches no public route.
    expect((await send('POST', '/api/games')).status).toBe(404)
  })

  it('answers 401 for any admin path without a session, whether a route is there or not', async () => {
    for (const path of ['/api/admin/secret', '/api/admin/games/1/x', '/api/admin', '/api/admin/audit-log']) {
      const res = await send('GET', path)
      expect(res.status, path).toBe(401)
      expect(res.body, path).toEqual({ message: 'Please log in as the administrator.' })
    }
  })

  it('the login refuses a foreign Origin (login CSRF)', async () => {
    const res = await send('POST', '/api/admin/login', {
      body: { password: 'x' },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
  })

  it('sets the security headers on every answer', async () => {
    for (const path of ['/api/news', '/api/admin/session', '/api/nothing']) {
      const res = await target.request(path)
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    }
  })
})
