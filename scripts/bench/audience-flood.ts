/**
 * `npm run bench:audience-flood`: what a flood of forged beacons does to the Audience figures
 * (issue 42: 50,000 beacons to made-up paths were all stored, and the tab's summary went from 33 ms
 * to 1,309 ms). Through the app in-process, in a scratch database (PostgreSQL 15 as production's
 * Postgres when on this machine; `--engine=pglite` for the embedded one `npm start` runs) with the
 * demo content, from many networks (each within its bounds, as a botnet would be):
 *   1. beacons to made-up pages (`/news/<number>`, `/news/page/<number>`, paths that are no page):
 *      how many were stored;
 *   2. beacons to real pages with a made-up referrer host and campaign each: how many were stored,
 *      and how many sources and campaigns the day keeps under their own name;
 * and the Audience summary's time (median and p95 of 20) before, after 1 and after 2.
 * Prints figures; asserts nothing. Options: --beacons=50000 (each flood), --concurrency=8, --engine=pglite.
 */
import { assertScratchDatabase } from '@simracing/local-platform'
import { openBenchDatabase } from './bench-database.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const BEACONS = Number(arg('beacons') ?? 50_000)
const CONCURRENCY = Number(arg('concurrency') ?? 8)

const database = await openBenchDatabase('bench-audience-flood', arg('engine'))
const { engine, url, mark } = database
process.env.SITE_URL = 'http://127.0.0.1'
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { seedDemoContent } = await import('../../src/server/demo/seed.ts')
const { createApp } = await import('../../src/server/app.ts')
const { servicesFromEnv } = await import('../../src/server/platform-from-env.ts')
const { createPurger } = await import('../../src/server/cdn/purger.ts')
const { audienceSummary } = await import('../../src/server/features/audience/index.ts')
const { lastDays } = await import('../../src/lib/audience/date-range.ts')
const { utcDay } = await import('../../src/lib/audience/visitor-hash.ts')

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!

try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  await seedDemoContent()
  const app = createApp({
    ...servicesFromEnv(),
    purger: createPurger({ purge: undefined, siteUrl: 'http://127.0.0.1' }),
  })
  const [article] = await rawSql()<{ id: number }[]>`
    select id from news_articles where status = 'published' order by id limit 1`
  const articleId = article!.id
  const range = lastDays(utcDay(new Date()))

  /** The summary's time, 20 times after 3 to warm up. */
  async function summaryTimes(label: string) {
    const times: number[] = []
    for (let i = 0; i < 23; i++) {
      const started = performance.now()
      await audienceSummary(range)
      if (i >= 3) times.push(performance.now() - started)
    }
    console.log(
      `  summary ${label.padEnd(34)} median ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(7)} ms`,
    )
  }
  const stored = async () => (await rawSql()<{ n: number }[]>`select count(*)::int as n from analytics_events`)[0]!.n

  /** Sends `count` beacons, `make(i)` each, each from its own /24 (a network's bound is never reached). */
  async function flood(count: number, make: (i: number) => { u: string; r?: string }) {
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < count; i = next++) {
          const res = await app.request(
            '/api/analytics/view',
            {
              method: 'POST',
              headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `${CHROME} ${i}` },
              body: JSON.stringify({ ...make(i), w: 1280 }),
            },
            { context: { ip: `10.${(i >> 8) % 256}.${i % 256}.${1 + (i >> 16)}` } },
          )
          if (res.status !== 204) throw new Error(`beacon ${i} answered ${res.status}`)
        }
      }),
    )
    return (performance.now() - started) / 1000
  }

  console.log(`\nAudience figures under a flood of ${BEACONS.toLocaleString('en-US')} beacons (in-process, ${engine}):`)
  await summaryTimes('before')

  const madeUp = (i: number) =>
    i % 3 === 0 ? `/news/${1_000_000 + i}` : i % 3 === 1 ? `/news/page/${1000 + i}` : `/made-up/${i}`
  const first = await flood(BEACONS, (i) => ({ u: madeUp(i) }))
  console.log(`  made-up pages: ${BEACONS} sent in ${first.toFixed(1)} s, ${await stored()} stored`)
  await summaryTimes('after the made-up pages')

  const before = await stored()
  const second = await flood(BEACONS, (i) => ({
    u: `${i % 2 ? '/games' : `/news/${articleId}`}?utm_campaign=junk-${i}`,
    r: `https://spam${i}.example/`,
  }))
  const [kept] = await rawSql()<{ hosts: number; campaigns: number }[]>`
    select count(distinct referrer_host)::int as hosts, count(distinct utm_campaign)::int as campaigns
    from analytics_events`
  console.log(
    `  made-up sources: ${BEACONS} sent in ${second.toFixed(1)} s, ${(await stored()) - before} stored, ` +
      `${kept!.hosts} referrer hosts and ${kept!.campaigns} campaigns kept by name (the others one each)`,
  )
  const summary = await audienceSummary(range)
  console.log(`  the tab's sources: ${summary.sources.map((s) => `${s.value || 'direct'} ${s.views}`).join(', ')}`)
  await summaryTimes('after the made-up sources')
} finally {
  await closeDb()
  await database.stop()
}
