/**
 * `npm run bench:analytics`: the audience figures of a site with 1,000,000 page views a month
 * (docs/decisions/0850, 0851), in a scratch database (PostgreSQL 15 when its server is on this
 * machine, as production's Postgres; else the embedded PGlite):
 *   - a year of synthetic views and clicks written day by day, each day folded as the daily job
 *     folds it and the raw events older than 90 days pruned, as the job does: the fold's time;
 *   - page views through the beacon route as `npm start` serves it (the local runtime, over HTTP,
 *     from many client addresses on 127.0.0.0/8): events stored per second, and the route's own
 *     time per view (Server-Timing), which the cost model uses;
 *   - the Audience tab's queries (7, 30, 90 and 365 days; clicks per item; link health) p95;
 *   - the tables' sizes.
 * Prints figures; asserts nothing. Never touches .data/.
 *   options: --views-per-month=1000000 --days=365 --ingest-seconds=15 --warmup-seconds=2 --concurrency=16
 *            --engine=pglite
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { assertScratchDatabase, freePort, SiteRoot, startLocalRuntime } from '@simracing/local-platform'
import { openBenchDatabase } from './bench-database.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const VIEWS_PER_MONTH = Number(arg('views-per-month') ?? 1_000_000)
const DAYS = Number(arg('days') ?? 365)
const INGEST_SECONDS = Number(arg('ingest-seconds') ?? 15)
/** Beacons sent before the measured ones, while the route's modules load and warm up. */
const WARMUP_SECONDS = Number(arg('warmup-seconds') ?? 2)
const CONCURRENCY = Number(arg('concurrency') ?? 16)
const VIEWS_PER_DAY = Math.round((VIEWS_PER_MONTH * 12) / 365)
const ARTICLES = 400

const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'))
const database = await openBenchDatabase('bench-analytics', arg('engine'))
const { engine, url, mark } = database
process.env.SITE_URL = 'http://127.0.0.1'
process.env.DATABASE_POOL_MAX = '4'
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { db, closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { sql } = await import('drizzle-orm')
const { newsArticles } = await import('../../src/server/db/schema.ts')
const { buildNews } = await import('../../src/server/demo/factories.ts')
const { seedDemoContent } = await import('../../src/server/demo/seed.ts')
const { foldDay, pruneEvents } = await import('../../src/server/features/audience/index.ts')
const { startOf } = await import('../../src/server/features/audience/index.ts')
const { addDays } = await import('../../src/lib/audience/date-range.ts')
const { utcDay } = await import('../../src/lib/audience/visitor-hash.ts')
const { createApp } = await import('../../src/server/app.ts')
const { platformFromEnv } = await import('../../src/server/platform-from-env.ts')
const { createSession } = await import('../../src/server/auth/sessions.ts')
const { SESSION_COOKIE } = await import('../../src/server/auth/cookie.ts')
const { featuredGear, mostReadArticles } = await import('../../src/server/features/audience/index.ts')

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

/**
 * One day of synthetic views and clicks, written by Postgres itself: list pages and articles
 * (popular articles far more read), no referrer for most, some search engines and forums, some
 * campaigns; phones first; about 2.5 views per visitor; purchase-link clicks at 1% of views.
 */
async function writeDay(day: string, views: number, articleIds: number[], itemIds: number[]) {
  const start = startOf(day).toISOString()
  // As Postgres arrays (drizzle would send a JS array as a list of parameters).
  const articles = `{${articleIds.join(',')}}`
  const items = `{${itemIds.join(',')}}`
  await db().execute(sql`
    insert into analytics_events (at, kind, path, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor, weight)
    select ${start}::timestamptz + random() * interval '86399 seconds', 'view',
      case when r1 < 0.4 then (array['/', '/news', '/games', '/accessories', '/championships', '/streaming', '/reviews', '/lap-times'])[1 + floor(r2 * 8)::int]
        else '/news/' || (${articles}::int[])[1 + floor(power(r2, 3) * ${articleIds.length})::int] end,
      case when r3 < 0.6 or r3 >= 0.85 then null
        else (array['google.com', 'bing.com', 'duckduckgo.com', 'reddit.com', 'forum.racedepartment.com', 'twitter.com', 'youtube.com', 'news.ycombinator.com'])[1 + floor(r4 * 8)::int] end,
      case when r3 >= 0.85 then (array['newsletter', 'discord', 'facebook', 'partner-site', 'youtube'])[1 + floor(r4 * 5)::int] end,
      case when r3 >= 0.85 then (array['email', 'social', 'referral'])[1 + floor(r5 * 3)::int] end,
      case when r3 >= 0.85 then (array['black-friday', 'season-opener', 'le-mans-week', 'wheel-review', 'gt3-guide', 'sim-setup', 'esports-final', 'pedal-test', 'rig-build', 'winter-sale'])[1 + floor(r5 * 10)::int] end,
      case when r5 < 0.55 then 'mobile' when r5 < 0.65 then 'tablet' else 'desktop' end,
      substr(md5(${day} || floor(random() * ${Math.round(views / 2.5)})::text), 1, 16),
      1
    from (select random() r1, random() r2, random() r3, random() r4, random() r5 from generate_series(1, ${views})) as g`)
  await db().execute(sql`
    insert into analytics_events (at, kind, item_kind, item_id, device, visitor, weight)
    select ${start}::timestamptz + random() * interval '86399 seconds', 'click', 'hardware',
      (${items}::int[])[1 + floor(power(random(), 2) * ${itemIds.length})::int], 'mobile',
      substr(md5(${day} || floor(random() * ${Math.round(views / 2.5)})::text), 1, 16), 1
    from generate_series(1, ${Math.round(views / 100)})`)
}

/** Beacons through the served site, each from its own address on 127.0.0.0/8, for `ms` milliseconds. */
async function ingest(base: string, paths: string[], ms: number) {
  const { port } = new URL(base)
  const durations: number[] = []
  let sent = 0
  let failed = 0
  const end = Date.now() + ms
  const agent = new http.Agent({ keepAlive: false })
  const one = () =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({
        u: paths[Math.floor(Math.random() * paths.length)],
        w: 390 + Math.floor(Math.random() * 1500),
      })
      const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/analytics/view',
          method: 'POST',
          agent,
          localAddress: address,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'content-length': Buffer.byteLength(body),
            origin: base,
            'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 r${Math.floor(Math.random() * 1000)}`,
          },
        },
        (response) => {
          const timing = /render;dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''))
          if (response.statusCode === 204) {
            sent += 1
            if (timing) durations.push(Number(timing[1]))
          } else failed += 1
          response.resume()
          response.on('end', resolve)
        },
      )
      request.on('error', () => {
        failed += 1
        resolve()
      })
      request.end(body)
    })
  const started = Date.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) await one()
    }),
  )
  return { sent, failed, durations, elapsedMs: Date.now() - started }
}

try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  await seedDemoContent()
  await db()
    .insert(newsArticles)
    .values(Array.from({ length: ARTICLES }, (_, i) => buildNews({ title: `Bench article ${i}` })))
  const articleIds = (await db().execute<{ id: number }>(sql`select id from news_articles`)).map((r) => Number(r.id))
  const itemIds = (await db().execute<{ id: number }>(sql`select id from accessories`)).map((r) => Number(r.id))
  const now = new Date()
  const today = utcDay(now)
  console.log(
    `engine: ${engine}; ${VIEWS_PER_MONTH.toLocaleString('en-US')} views a month (${VIEWS_PER_DAY.toLocaleString('en-US')} a day), ${DAYS} days\n`,
  )

  // A year, day by day, as the site lives it: the day's events, the fold after midnight, the prune.
  const folds: number[] = []
  const prunes: number[] = []
  let writing = 0
  const yearStarted = Date.now()
  for (let i = DAYS; i >= 1; i--) {
    const day = addDays(today, -i)
    // Weekends are busier on a hobby site.
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    const views = Math.round(VIEWS_PER_DAY * (weekday === 0 || weekday === 6 ? 1.2 : 0.92))
    let t = performance.now()
    await writeDay(day, views, articleIds, itemIds)
    writing += performance.now() - t
    t = performance.now()
    await foldDay(day)
    folds.push(performance.now() - t)
    t = performance.now()
    await pruneEvents(startOf(addDays(day, 1)))
    prunes.push(performance.now() - t)
    if (i % 30 === 0) process.stdout.write(`  ${day}: fold ${(folds.at(-1)! / 1000).toFixed(2)} s\n`)
  }
  // Today so far: read live by the tab.
  const partOfToday = (now.getTime() - startOf(today).getTime()) / 86_400_000
  await writeDay(today, Math.round(VIEWS_PER_DAY * partOfToday), articleIds, itemIds)
  await db().execute(sql`delete from analytics_events where at > ${now.toISOString()}::timestamptz`)
  await db().execute(sql`analyze`)
  console.log(`\nA year written in ${seconds(Date.now() - yearStarted)} (synthetic rows: ${seconds(writing)})`)
  console.log(
    `daily fold (${VIEWS_PER_DAY.toLocaleString('en-US')} views + 1% clicks): p50 ${(pct(folds, 0.5) / 1000).toFixed(2)} s, p95 ${(pct(folds, 0.95) / 1000).toFixed(2)} s, max ${(pct(folds, 1) / 1000).toFixed(2)} s`,
  )
  console.log(
    `daily prune of the day past 90: p50 ${pct(prunes, 0.5).toFixed(0)} ms, max ${pct(prunes, 1).toFixed(0)} ms`,
  )

  // The Audience tab's queries, through the app in this process, with an owner's session.
  const app = createApp(platformFromEnv())
  const { id } = await createSession('bench')
  const cookie = `${SESSION_COOKIE}=${id}`
  console.log(`\nThe Audience tab's queries (through app.request, ${engine}):`)
  const tab: [string, string][] = [
    ['summary, last 7 days', `/api/admin/analytics/summary?from=${addDays(today, -6)}&to=${today}`],
    ['summary, last 30 days', `/api/admin/analytics/summary?from=${addDays(today, -29)}&to=${today}`],
    ['summary, last 90 days', `/api/admin/analytics/summary?from=${addDays(today, -89)}&to=${today}`],
    ['summary, a year', `/api/admin/analytics/summary?from=${addDays(today, -365)}&to=${today}`],
    ['summary, today only (all live)', `/api/admin/analytics/summary?from=${today}&to=${today}`],
    ['clicks per item (7 and 30 days)', '/api/admin/analytics/clicks'],
    ['link health', '/api/admin/link-health'],
    ['settings', '/api/admin/analytics/settings'],
  ]
  for (const [label, target] of tab) {
    const times: number[] = []
    for (let run = 0; run < 25; run++) {
      const started = performance.now()
      const res = await app.request(target, { headers: { cookie } })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${target} answered ${res.status}`)
      if (run >= 3) times.push(performance.now() - started)
    }
    console.log(
      `  ${label.padEnd(34)} p50 ${pct(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${pct(times, 0.95).toFixed(1).padStart(7)} ms`,
    )
  }
  for (const [label, read] of [
    ["home gear by clicks (a page render's read)", featuredGear],
    ["'Most read this week' (a page render's read)", mostReadArticles],
  ] as const) {
    const times: number[] = []
    for (let run = 0; run < 20; run++) {
      const started = performance.now()
      await read()
      times.push(performance.now() - started)
    }
    console.log(
      `  ${label.padEnd(34)} p50 ${pct(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${pct(times, 0.95).toFixed(1).padStart(7)} ms`,
    )
  }

  // Beacons through the site as `npm start` serves it.
  const site = new SiteRoot(scratch)
  site.writeNetlifyConfig()
  mkdirSync(site.publishDir, { recursive: true })
  const port = await freePort()
  const runtime = await startLocalRuntime({
    siteDir: site.dir,
    functionsDir: path.resolve('netlify/functions'),
    host: '127.0.0.1',
    port,
    siteUrl: `http://127.0.0.1:${port}`,
  })
  try {
    const paths = ['/', '/news', '/games', ...articleIds.slice(0, 50).map((a) => `/news/${a}`)]
    await ingest(runtime.url, paths, WARMUP_SECONDS * 1000)
    const count = async () =>
      (await db().execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0]!.n
    const before = await count()
    const result = await ingest(runtime.url, paths, INGEST_SECONDS * 1000)
    const stored = (await count()) - before
    console.log(
      `\nBeacons through the served route (${CONCURRENCY} at a time, ${INGEST_SECONDS} s, one address each): ${result.sent.toLocaleString('en-US')} answered 204, ${result.failed} failed; ${stored.toLocaleString('en-US')} events stored: ${(stored / (result.elapsedMs / 1000)).toFixed(0)} events/s`,
    )
    console.log(
      `  the route's own time per beacon (Server-Timing): p50 ${pct(result.durations, 0.5).toFixed(1)} ms, p95 ${pct(result.durations, 0.95).toFixed(1)} ms`,
    )
  } finally {
    await runtime.stop()
  }

  console.log('\nTables:')
  const sizes = await db().execute<{ name: string; rows: number; heap: number; indexes: number }>(sql`
    select c.relname as name, c.reltuples::bigint as rows, pg_table_size(c.oid) as heap,
      pg_indexes_size(c.oid) as indexes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and (c.relname like 'analytics_%' or c.relname = 'link_checks')
    order by pg_total_relation_size(c.oid) desc`)
  const mb = (bytes: number) => `${(Number(bytes) / 1024 / 1024).toFixed(1).padStart(7)} MB`
  for (const row of sizes)
    console.log(
      `  ${row.name.padEnd(24)} ${Number(row.rows).toLocaleString('en-US').padStart(12)} rows   table ${mb(row.heap)}   indexes ${mb(row.indexes)}`,
    )
} finally {
  await closeDb()
  await database.stop()
  rmSync(scratch, { recursive: true, force: true })
}
