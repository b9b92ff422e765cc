import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BlobsServer } from '@netlify/blobs/server'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import {
  cachedFunctionBundles,
  startFunctionInstance,
  type FunctionBundle,
  type FunctionInstance,
} from '@simracing/local-platform'
import { blobStoresAt } from '../../src/server/blobs/store.ts'
import { storeImage } from '../../src/server/blobs/images.ts'
import { db } from '../../src/server/db/client.ts'
import { buildAccessory, buildGame, buildNews } from '../../src/server/demo/factories.ts'
import { accessories, games, newsArticles, publishState, standingsSets } from '../../src/server/db/schema.ts'
import { signJobCall } from '../../src/server/jobs/job-signature.ts'
import { createJob, getJob } from '../../src/server/repos/jobs.repo.ts'
import { startFakeAi } from '../../fakes/ai-server.ts'
import { fakeJpeg } from '../helpers/blobs.ts'
import { givenAdminPassword, TEST_PASSWORD } from '../helpers/auth.ts'
import { resetDatabase } from '../helpers/db.ts'
import { poolerConsole } from '../../test-support/pooler-console.ts'
import { databaseForWorker } from '../setup/workers.ts'
import { patience } from '../helpers/patience.ts'

/**
 * The functions as Netlify deploys them: built by zip-it-and-ship-it, unpacked away from the
 * project, run by plain node through Netlify's own bootstrap (the local platform's lambda-harness.mjs),
 * against the database through the pooler and a local Blobs server (docs/decisions/0303).
 */

/** The most a function's zip may weigh (docs/functions.md). */
const MAX_BUNDLE_BYTES = 2 * 1024 * 1024
/**
 * The functions that send the newsletter's mail (the API's confirmation emails, the scheduler's
 * and the jobs' digests) carry nodemailer and React's server renderer, 3.1 MB unpacked: Netlify
 * traces a v2 function's packages and copies them whole (decision 0801). 3.5 MB since the Temporal
 * polyfill (decision 0875, docs/functions.md).
 */
const MAX_MAIL_BUNDLE_BYTES = 3.5 * 1024 * 1024
/** The API carries Argon2id's native binary, 0.7 MB unpacked (docs/decisions/0207), and the mail above. */
const MAX_API_BUNDLE_BYTES = 4 * 1024 * 1024
/** The Open Graph function carries resvg's native binary and a font (docs/decisions/0013). */
const MAX_OG_BUNDLE_BYTES = 6 * 1024 * 1024
const SITE = 'https://sim-hub.example'
const BLOBS_TOKEN = 'artifact-token'
const BLOBS_SITE = 'artifact-site'

let workDir: string
let bundles: FunctionBundle[]
let blobs: BlobsServer
let blobsUrl: string
const instances = new Map<string, FunctionInstance>()

const bundle = (name: string) => bundles.find((b) => b.name === name)!

async function instance(name: string): Promise<FunctionInstance> {
  const running = instances.get(name)
  if (running) return running
  const started = await startFunctionInstance(bundle(name).dir, {
    DATABASE_URL: databaseForWorker(inject('databaseUrls')),
    URL: SITE,
    CONTEXT: 'production',
    // Idle connections close after 2 s here (10 s by default), so the test can watch it happen.
    DATABASE_IDLE_TIMEOUT: '2',
    PGAPPNAME: `fn-${name}`,
    HARNESS_BLOBS_URL: blobsUrl,
    HARNESS_BLOBS_TOKEN: BLOBS_TOKEN,
    HARNESS_SITE_ID: BLOBS_SITE,
  })
  instances.set(name, started)
  return started
}

/** Fails with what the function printed, so a missing file or package shows its own error. */
async function call(name: string, pathname: string, init?: RequestInit): Promise<Response> {
  const fn = await instance(name)
  const res = await fn.fetch(pathname, init)
  if (res.status >= 500) throw new Error(`${name} answered ${res.status}: ${await res.text()}\n${fn.stderr()}`)
  return res
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'deploy-artifact-'))
  // Bundled once per set of sources (the bundles of the last run are kept in .data/): a run that
  // changed no source reuses them, one that changed any bundles them again.
  bundles = await cachedFunctionBundles(process.cwd(), path.resolve('.data/function-bundles'))
  const directory = path.join(workDir, 'blobs')
  blobs = new BlobsServer({ directory, token: BLOBS_TOKEN })
  const { port } = await blobs.start()
  blobsUrl = `http://127.0.0.1:${port}`
}, patience(120_000))

afterAll(async () => {
  await Promise.all([...instances.values()].map((i) => i.stop()))
  await blobs?.stop()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

beforeEach(resetDatabase)

describe('the deploy artifact', () => {
  it('bundles nothing of the tests, the fakes, the scripts or the demo content and its factories', () => {
    // Where they are now: the test factories and the demo seed moved to src/server/demo/ (a check
    // that looked under tests/ only could no longer fail).
    const notShipped = ['tests/', 'scripts/', 'fakes/', 'test-support/', 'src/server/demo/']
    expect(readdirSync('src/server/demo')).toEqual(expect.arrayContaining(['factories.ts', 'seed.ts']))
    for (const b of bundles) {
      const code = readFileSync(path.join(b.dir, 'netlify/functions', `${b.name}.mjs`), 'utf8')
      // esbuild heads each module it bundles with a comment naming its path.
      const modules = [...code.matchAll(/^\/\/ ([\w.-]+\/\S+)$/gm)].map((m) => m[1]!)
      expect(modules, b.name).toContain(`netlify/functions/${b.name}.mts`)
      expect(modules.length, b.name).toBeGreaterThan(1)
      expect(
        modules.filter((m) => notShipped.some((folder) => m.startsWith(folder))),
        b.name,
      ).toEqual([])
    }
  })

  it('builds every function, each within the size budget', () => {
    expect(bundles.map((b) => b.name).sort()).toEqual([
      'api',
      'deploy-events',
      'jobs-background',
      'media',
      'og',
      'scheduler',
    ])
    for (const b of bundles)
      expect(b.zipBytes, `${b.name}.zip in bytes`).toBeLessThanOrEqual(
        b.name === 'og'
          ? MAX_OG_BUNDLE_BYTES
          : b.name === 'api'
            ? MAX_API_BUNDLE_BYTES
            : b.name === 'scheduler' || b.name === 'jobs-background'
              ? MAX_MAIL_BUNDLE_BYTES
              : MAX_BUNDLE_BYTES,
      )
    expect(bundle('api').routes).toEqual(['/api/*', '/go/*'])
    expect(bundle('og').routes).toEqual(['/api/og/*'])
    expect(bundle('media').routes).toEqual(['/media/:key'])
    expect(bundle('scheduler').schedule).toBe('* * * * *')
    expect(bundle('jobs-background').invocationMode).toBe('background')
  })

  it('draws an Open Graph card from the bundle (its font comes along through included_files)', async () => {
    const [article] = await db()
      .insert(newsArticles)
      .values(buildNews({ title: 'Le Mans: the 24 hours in the rain' }))
      .returning()
    const res = await call('og', `/api/og/news/${article!.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    const png = new Uint8Array(await res.arrayBuffer())
    expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
  })

  it('runs an AI job in the background function against the provider, and a scheduler tick', async () => {
    const fake = await startFakeAi()
    try {
      const jobs = await startFunctionInstance(bundle('jobs-background').dir, {
        DATABASE_URL: databaseForWorker(inject('databaseUrls')),
        URL: SITE,
        CONTEXT: 'production',
        PERPLEXITY_API_KEY: 'artifact-perplexity-key',
        PERPLEXITY_BASE_URL: fake.url,
      })
      instances.set('jobs-background-ai', jobs)
      const job = await createJob('refresh-standings', {
        tasks: [{ kind: 'standings', championship: 'Formula 1' }],
        feature: 'refresh-standings',
      })
      // Unsigned, the call runs nothing (Netlify answers a background call 202 whatever it does).
      await jobs.fetch('/.netlify/functions/jobs-background', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jobId: job.id }),
      })
      expect((await getJob(job.id))?.status).toBe('queued')
      const started = await jobs.fetch('/.netlify/functions/jobs-background', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await signJobCall(job.id)) },
        body: JSON.stringify({ jobId: job.id }),
      })
      expect(started.status, jobs.stderr()).toBe(202)
      await expect.poll(async () => (await getJob(job.id))?.status, { timeout: patience(30_000) }).toBe('completed')
      expect((await getJob(job.id))?.completed).toBe(1)
      expect(fake.requests.length).toBeGreaterThan(0)
      const sets = await db().select({ name: standingsSets.championshipName }).from(standingsSets)
      expect(sets.map((s) => s.name)).toEqual(['Formula 1'])
      // A body that is not a job id is refused and starts nothing.
      const refused = await jobs.fetch('/.netlify/functions/jobs-background', { method: 'POST', body: '{}' })
      expect(refused.status).toBe(400)
    } finally {
      await fake.close()
    }

    const tick = await call('scheduler', '/.netlify/functions/scheduler', { method: 'POST' })
    expect(tick.status).toBe(200)
    expect(await tick.json()).toMatchObject({ started: [], publishedNews: [], purged: [] })
  })

  it('answers /api/games from the bundle', async () => {
    await db()
      .insert(games)
      .values(buildGame({ title: 'Assetto Corsa EVO' }))
    const res = await call('api', '/api/games')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { title: string }[]).map((g) => g.title)).toEqual(['Assetto Corsa EVO'])
    // In production a public answer says nothing of its time (issue 42: a sign-up's told whether the
    // address was known); the owner's answers keep it.
    expect(res.headers.get('server-timing')).toBeNull()
    const signUp = await call('api', '/api/newsletter/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com' }),
    })
    expect(signUp.status).toBe(404)
    expect(signUp.headers.get('server-timing')).toBeNull()
  })

  it('redirects a purchase link through /go/ from the bundle, and counts the click', async () => {
    const [item] = await db()
      .insert(accessories)
      .values(buildAccessory({ purchaseUrl: 'https://shop.example/wheel' }))
      .returning()
    const res = await call('api', `/go/hardware/${item!.id}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/135.0' },
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('https://shop.example/wheel')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const [row] = await db().execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`)
    expect(row?.n).toBe(1)
  })

  it('logs the admin in and saves a game with the session', async () => {
    await givenAdminPassword()
    const headers = { 'content-type': 'application/json', origin: SITE }
    const login = await call('api', '/api/admin/login', {
      method: 'POST',
      headers,
      body: JSON.stringify({ password: TEST_PASSWORD }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')?.split(';')[0]
    expect(cookie).toBeTruthy()
    const created = await call('api', '/api/admin/games', {
      method: 'POST',
      headers: { ...headers, cookie: cookie! },
      body: JSON.stringify({ title: 'Le Mans Ultimate' }),
    })
    expect(created.status).toBe(201)
    expect(await db().select({ title: games.title }).from(games)).toEqual([{ title: 'Le Mans Ultimate' }])
  })

  it('serves an image from Blobs at /media/{key}', async () => {
    const bytes = fakeJpeg(2048)
    // Stored in the Blobs server the deployed functions are started with.
    const { key } = await storeImage(blobStoresAt({ edgeURL: blobsUrl, siteID: BLOBS_SITE, token: BLOBS_TOKEN }), bytes)
    const res = await call('media', `/media/${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes)
    expect((await call('media', `/media/${'0'.repeat(64)}.jpg`)).status).toBe(404)
  })

  it('subscribes to the deploy events and moves the publish status as Netlify invokes them', async () => {
    // The build records the handlers it found; `fetch` is the answer to plain HTTP requests.
    expect(bundle('deploy-events').eventSubscriptions.sort()).toEqual([
      'deploy_building',
      'deploy_failed',
      'deploy_succeeded',
      'fetch',
    ])
    const event = async (name: string, payload: Record<string, unknown> = {}) =>
      call('deploy-events', '/.netlify/functions/deploy-events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-netlify-event': name },
        body: JSON.stringify({
          payload: { id: 'deploy-1', state: 'building', created_at: new Date().toISOString(), ...payload },
          site: { id: BLOBS_SITE, name: 'sim-hub', url: SITE },
        }),
      })
    const status = async () => (await db().select().from(publishState).where(eq(publishState.id, 1)))[0]

    expect((await event('deploy_building')).status).toBe(200)
    expect((await status())?.status).toBe('building')
    expect((await event('deploy_succeeded', { state: 'ready' })).status).toBe(200)
    expect(await status()).toMatchObject({ status: 'live', lastError: null })
    await event('deploy_building')
    expect((await event('deploy_failed', { state: 'error', error_message: 'Build script returned 2' })).status).toBe(
      200,
    )
    // A failed deploy leaves the changes unpublished (docs/decisions/0011-one-publish-state-machine.md).
    expect(await status()).toMatchObject({ status: 'pending', lastError: 'Build script returned 2' })

    // A request that is not a Netlify event gets a clear answer, not the runtime's 500.
    const plain = await call('deploy-events', '/.netlify/functions/deploy-events', { method: 'POST' })
    expect(plain.status).toBe(404)
    expect(await plain.json()).toEqual({ message: 'This function only receives Netlify deploy events.' })
  })

  it('keeps one pooler connection per instance across invocations and closes it when idle', async () => {
    const adminUrl = inject('poolerAdminUrl')
    expect(adminUrl).toBeTruthy()
    const pooler = poolerConsole(adminUrl!)
    try {
      for (let i = 0; i < 5; i++) expect((await call('api', '/api/news?limit=5')).status).toBe(200)
      expect(await pooler.clients('fn-api')).toBe(1)
      let open = 1
      for (let waited = 0; open > 0 && waited < 15_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        open = await pooler.clients('fn-api')
      }
      expect(open).toBe(0)
      // The next invocation opens a fresh connection and answers as before.
      expect((await call('api', '/api/games')).status).toBe(200)
    } finally {
      await pooler.end()
    }
  })
})
