/**
 * A month of a site owner's typical use against the real purge code path (the purger's queue
 * in a real database, its purges sent to Netlify's purge API as the CDN stand-in of `npm start`
 * answers it, rate limit included, and its re-warming through that stand-in), on a simulated clock.
 * It counts what a content change costs now that pages are rendered on demand and kept at the CDN
 * (docs/decisions/0700): deploys (none), purges, and renders. Used by `npm run bench:deploys` (prints
 * the figures) and src/server/deploys/deploy-budget.test.ts.
 */
import { pageTags } from '../src/lib/cache-tags.ts'
import { CdnCache, PurgeApi } from '@simracing/local-platform'
import { sql } from 'drizzle-orm'
import { createApp } from '../src/server/app.ts'
import { SESSION_COOKIE } from '../src/server/auth/cookie.ts'
import { createSession } from '../src/server/auth/sessions.ts'
import { db } from '../src/server/db/client.ts'
import { purges } from '../src/server/db/schema.ts'
import { cdnCacheHeaders } from '../src/server/http/cache.ts'
import { servicesFromEnv } from '../src/server/platform-from-env.ts'
import { netlifyPurge } from '../src/server/cdn/purge-client.ts'
import { createPurger } from '../src/server/cdn/purger.ts'
import {
  createAccessory,
  createGame,
  createNews,
  createReview,
  createStandings,
  createStream,
} from '../src/server/demo/factories.ts'
import { startFakeBuildHook } from '../fakes/build-hook.ts'

export interface MonthOfUse {
  start: Date
  days: number
  /** Owner edits a day (games, hardware, reviews...), at random times between 08:00 and 22:00. */
  ownerEditsPerDay: number
  /** The scheduler's tick in minutes: it sends again the purges that had to wait. */
  tickMinutes: number
  seed: number
}

/**
 * Netlify's prices (2026; ARCHITECTURE.md): compute 10 credits per GB-hour with functions at 1 GB,
 * a production deploy 15 credits. A render is taken at this bench's cold-render p95 target (300 ms),
 * a bound well above the renders `npm run bench:pages` measures (docs/benchmarks.md).
 */
export const CREDITS_PER_GB_HOUR = 10
export const FUNCTION_GB = 1
export const RENDER_SECONDS = 0.3
export const CREDITS_PER_DEPLOY = 15

export interface MonthResult {
  writes: number
  /** Build hook calls made by content changes: none, content purges the CDN. */
  deploys: number
  purges: number
  /** Purge calls the API refused (429) and the queue sent again. */
  refusedPurges: number
  /** Pages and answers rendered again after a purge (each at most once per purge). */
  renders: number
  renderCredits: number
  deployCredits: number
  /** The longest a change waited until its purge went through (the rate limit's retries), in seconds. */
  longestWaitSeconds: number
}

/** A small deterministic random generator, so a run can be repeated. */
function random(seed: number) {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
}

export const typicalMonth: MonthOfUse = {
  start: new Date('2026-11-01T00:00:00Z'),
  days: 30,
  ownerEditsPerDay: 5,
  tickMinutes: 1,
  seed: 2026,
}

type Write = { method: string; path: string; body?: unknown }
type WriteKind = 'game' | 'accessory' | 'review' | 'stream' | 'news-title' | 'publish' | 'standings' | 'purge-all'

/** The month's writes, as the owner, the scheduler and the AI make them. */
function monthOfWrites(use: MonthOfUse): { at: number; kind: WriteKind }[] {
  const next = random(use.seed)
  const minute = 60_000
  const events: { at: number; kind: WriteKind }[] = []
  const edits: WriteKind[] = ['game', 'accessory', 'review', 'stream', 'news-title']
  for (let day = 0; day < use.days; day++) {
    const midnight = use.start.getTime() + day * 24 * 60 * minute
    // The scheduler's daily standings refresh at 06:00 (as a driver row written).
    events.push({ at: midnight + 6 * 60 * minute, kind: 'standings' })
    // The day's AI draft is published by the owner in the morning.
    events.push({ at: midnight + (9 * 60 + Math.floor(next() * 120)) * minute, kind: 'publish' })
    for (let i = 0; i < use.ownerEditsPerDay; i++) {
      events.push({ at: midnight + (8 * 60 + Math.floor(next() * 14 * 60)) * minute, kind: edits[i % edits.length]! })
    }
  }
  // A title corrected three times in four seconds: the purge API's rate limit (two per tag per 5 s).
  for (const s of [0, 2, 4]) events.push({ at: use.start.getTime() + 10 * 60 * minute + s * 1000, kind: 'news-title' })
  // Once a month the owner purges everything.
  events.push({ at: use.start.getTime() + 15 * 24 * 60 * minute, kind: 'purge-all' })
  return events.sort((a, b) => a.at - b.at)
}

export async function simulateMonth(use: MonthOfUse = typicalMonth): Promise<MonthResult> {
  let clock = use.start.getTime()
  const now = () => clock
  const cdn = new CdnCache({ now })
  const auth = { token: 'simulation', siteId: 'simulated-site' }
  const api = new PurgeApi(cdn, auth, now)
  let renders = 0
  // The site behind the CDN: every page it renders is counted, and kept with the page's own tags.
  const origin = async (request: Request) => {
    renders++
    const path = new URL(request.url).pathname
    const id = /^\/news\/(\d+)$/.exec(path)?.[1]
    const tags = id ? [`news:${id}`, 'seo'] : (pageTags[path] ?? [])
    return new Response('page', { headers: cdnCacheHeaders({ tags }) })
  }
  const fetchThroughCdn: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).pathname === '/api/v1/purge') return api.handle(request)
    return cdn.handle(request, origin)
  }
  const purger = createPurger({
    purge: netlifyPurge({ apiUrl: 'http://netlify.test', ...auth }, fetchThroughCdn),
    siteUrl: 'http://site.test',
    fetch: fetchThroughCdn,
    now: () => new Date(clock),
    // Retries wait for the scheduler's tick of the simulated clock, not for a real timer.
    maxBackgroundWaitMs: -1,
  })
  // Content changes never call the build hook: a fake one counts the calls to prove it.
  const hook = await startFakeBuildHook()
  const services = servicesFromEnv()
  const app = createApp({
    ...services,
    purger,
    deploys: { ...services.deploys, hookUrl: hook.url, debounceMs: 60_000 },
  })
  const cookie = `${SESSION_COOKIE}=${(await createSession('publish simulation')).id}`
  const [game, accessory, review, stream, standings] = await Promise.all([
    createGame(),
    createAccessory(),
    createReview(),
    createStream(),
    createStandings(),
  ])
  const drafts = await Promise.all(Array.from({ length: use.days }, () => createNews({ status: 'draft' })))
  const published = await createNews()
  let draft = 0
  let edit = 0
  const writeOf = (kind: WriteKind): Write => {
    edit++
    switch (kind) {
      case 'game':
        return { method: 'PUT', path: `/api/games/${game.id}`, body: { title: `Game, edit ${edit}` } }
      case 'accessory':
        return {
          method: 'PUT',
          path: `/api/accessories/${accessory.id}`,
          body: { name: `Wheel, edit ${edit}`, purchaseUrl: 'https://example.com/wheel' },
        }
      case 'review':
        return { method: 'PUT', path: `/api/reviews/${review.id}`, body: { title: `Review, edit ${edit}` } }
      case 'stream':
        return {
          method: 'PUT',
          path: `/api/streams/${stream.id}`,
          body: { title: `Stream, edit ${edit}`, streamUrl: 'https://www.twitch.tv/example' },
        }
      case 'news-title':
        return {
          method: 'POST',
          path: `/api/admin/update-news-title/${published.id}`,
          body: { title: `News, edit ${edit}` },
        }
      case 'publish':
        return { method: 'POST', path: `/api/admin/news/${drafts[draft++ % drafts.length]!.id}/publish` }
      case 'standings':
        return {
          method: 'PUT',
          path: `/api/championships-standings/${standings}/driver/0`,
          body: { driverData: { driverName: `Driver ${edit}`, team: 'Team', points: edit } },
        }
      case 'purge-all':
        return { method: 'POST', path: '/api/admin/purge-all' }
    }
  }
  const events = monthOfWrites(use)
  let longestWait = 0
  let waitingSince: number | null = null
  const settle = async () => {
    await purger.idle()
    const { waiting } = await purger.status()
    if (waiting.length === 0 && waitingSince !== null) {
      longestWait = Math.max(longestWait, clock - waitingSince)
      waitingSince = null
    }
  }
  const minute = 60_000
  const end = use.start.getTime() + use.days * 24 * 60 * minute
  let e = 0
  for (let t = use.start.getTime(); t < end; t += use.tickMinutes * minute) {
    while (e < events.length && events[e]!.at <= t + use.tickMinutes * minute) {
      const event = events[e++]!
      clock = event.at
      waitingSince ??= clock
      const write = writeOf(event.kind)
      const res = await app.request(write.path, {
        method: write.method,
        headers: { cookie, 'content-type': 'application/json' },
        body: write.body === undefined ? undefined : JSON.stringify(write.body),
      })
      if (!res.ok) throw new Error(`${write.method} ${write.path} answered ${res.status}: ${await res.text()}`)
      await settle()
      // A refused purge is retried in the background after its wait (5 s, doubling): as many 5 s
      // steps of the clock as it takes.
      for (let step = 0; waitingSince !== null && step < 12; step++) {
        clock += 5_000
        await purger.flush()
        await settle()
      }
    }
    clock = t + use.tickMinutes * minute
    if (waitingSince !== null) {
      await purger.flush()
      await settle()
    }
  }
  await hook.close()
  const [sent] = await db()
    .select({
      ok: sql<number>`count(*) filter (where ${purges.ok})::int`,
      refused: sql<number>`count(*) filter (where not ${purges.ok})::int`,
    })
    .from(purges)
  return {
    writes: events.length,
    deploys: hook.calls(),
    purges: sent?.ok ?? 0,
    refusedPurges: sent?.refused ?? 0,
    renders,
    renderCredits: (renders * RENDER_SECONDS * FUNCTION_GB * CREDITS_PER_GB_HOUR) / 3600,
    deployCredits: hook.calls() * CREDITS_PER_DEPLOY,
    longestWaitSeconds: longestWait / 1000,
  }
}
