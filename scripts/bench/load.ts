/**
 * `npm run bench:load`: the API under concurrent load through PgBouncer in transaction mode with a
 * small pool, as production reaches Supabase's pooler (docs/decisions/0301, 0302).
 *
 * - A scratch PostgreSQL 15 with the demo content and 500 more articles; PgBouncer in front of it
 *   (10 server connections, 200 clients as Supabase's smallest pooler, plus two for this script's
 *   console); nothing of `.data/` is touched.
 * - The api function as Netlify builds it, run warm by packages/local-platform/lambda-harness.mjs: one process
 *   standing in for the warm instances, with a pool of 20 client connections, so PgBouncer has more
 *   clients than server connections and must queue them.
 * - Per level (10, 50, 200 concurrent clients, 60 s each): 90% of the clients read (lists, one
 *   article, search), 10% write with an admin session; requests/s, p50/p95/p99 and errors per
 *   class, and the most server connections seen (SHOW POOLS and pg_stat_activity).
 * - Afterwards: the clients left once the idle timeout has passed, then a burst of 200 cold
 *   instances (each a fresh copy of the function module with its own pool) against the pooler.
 *
 * Options: --duration=60 (seconds per level), --levels=10,50,200, --json=file.json, --setup-only
 * (prepare the scratch database, then stop: tests/integration/bench-load-scratch.test.ts).
 * Prints figures; asserts nothing.
 *
 * It writes only into the database it created itself: a database with a unique name on the
 * cluster it started, marked with a random token (packages/local-platform/scratch-database.ts). Every write
 * goes through a connection opened on that database's address, never through the process's own
 * database (src/server/db/client.ts, named by the environment), and the marker is checked on that
 * connection before the first write. Beside `npm start`, the environment's database was once
 * captured at import and received the migrations, the seed, 500 articles and a new admin password.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { hashPassword } from '../../src/server/auth/password.ts'
import { buildNews } from '../../src/server/demo/factories.ts'
import { runMigrations } from '../../src/server/db/migrate.ts'
import * as schema from '../../src/server/db/schema.ts'
import {
  assertScratchDatabase,
  buildFunctionBundles,
  createScratchDatabase,
  ScratchRefusal,
  startFunctionInstance,
  type FunctionInstance,
} from '@simracing/local-platform'
import { ensurePgBouncer, startPgBouncer } from '../../test-support/pgbouncer.ts'
import { poolerConsole } from '../../test-support/pooler-console.ts'
import { findPgBin, startTempPostgres, withDatabase } from '../../test-support/postgres15.ts'
import { seedDemoContent } from '../../src/server/demo/seed.ts'

const { adminCredentials, games, newsArticles } = schema
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const DURATION = Number(option('duration', '60'))
const LEVELS = option('levels', '10,50,200').split(',').map(Number)
const JSON_OUT = option('json', '')
const SETUP_ONLY = process.argv.includes('--setup-only')
const POOL_SIZE = 10
const CLIENT_LIMIT = 200
const WARM_POOL_MAX = 20
const IDLE_TIMEOUT = 10
const COLD_INSTANCES = 200
const SITE = 'https://bench.example'
const PASSWORD = 'bench password 1'

const pgBin = findPgBin()
const bouncerBin = ensurePgBouncer()
if (!pgBin || !bouncerBin) {
  console.error('bench:load needs PostgreSQL 15 server binaries and PgBouncer.')
  process.exit(1)
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'))
const pg = await startTempPostgres(pgBin)
const cleanups: (() => Promise<unknown> | unknown)[] = [
  () => rmSync(scratch, { recursive: true, force: true }),
  () => pg.stop(),
]
const pooler = await startPgBouncer(bouncerBin, {
  serverPort: Number(new URL(pg.url).port),
  poolSize: POOL_SIZE,
  // Plus the two console connections this script watches the pooler with (they count as clients).
  maxClients: CLIENT_LIMIT + 2,
  serverIdleTimeout: 10,
})
cleanups.push(() => pooler.stop())
const scratchDb = await createScratchDatabase(pg.url, 'bench_load')
/** This script's only connection that writes: to the scratch database's own address. */
const sql = postgres(scratchDb.url, { max: 1, prepare: false, onnotice: () => {} })
const db = drizzle(sql, { schema })

interface Sample {
  latencies: number[]
  errors: number
  requests: number
}
interface LevelResult {
  clients: number
  reads: Stats
  writes: Stats
  maxServers: number
  maxBackends: number
  maxWaiting: number
  maxClients: number
}
interface Stats {
  rps: number
  p50: number
  p95: number
  p99: number
  errors: number
  requests: number
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0
const stats = (s: Sample, seconds: number): Stats => {
  const sorted = [...s.latencies].sort((a, b) => a - b)
  return {
    rps: s.requests / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: s.errors,
    requests: s.requests,
  }
}

/** Runs autocannon and records every answer's latency; a status >= 400 or a socket error counts as an error. */
async function load(
  url: string,
  connections: number,
  requests: autocannon.Request[],
  headers: Record<string, string> = {},
): Promise<Sample> {
  const sample: Sample = { latencies: [], errors: 0, requests: 0 }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: DURATION, requests, headers, timeout: 30 }, (error, r) =>
      error ? reject(error) : resolve(r),
    )
    instance.on('response', (_client, status, _bytes, time) => {
      sample.requests += 1
      sample.latencies.push(time)
      if (status >= 400) sample.errors += 1
    })
  })
  sample.errors += result.errors + result.timeouts
  return sample
}

/** The most connections seen while `work` runs, sampled every 200 ms. */
async function watchConnections<T>(work: Promise<T>) {
  const consoleSql = poolerConsole(pooler.adminUrl)
  const direct = postgres(pg.url, { max: 1, prepare: false, onnotice: () => {} })
  const peak = { servers: 0, backends: 0, waiting: 0, clients: 0 }
  let done = false
  const sampler = (async () => {
    while (!done) {
      // The pool of the scratch database the function instances use.
      const pool = await consoleSql.pool(scratchDb.name)
      const [row] = await direct<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid()`
      peak.servers = Math.max(peak.servers, pool.servers)
      peak.waiting = Math.max(peak.waiting, pool.waiting)
      peak.clients = Math.max(peak.clients, pool.clients)
      peak.backends = Math.max(peak.backends, row?.n ?? 0)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  try {
    return { result: await work, peak }
  } finally {
    done = true
    await sampler
    await consoleSql.end()
    await direct.end()
  }
}

const words = 'grid apex stint overtake podium pit chicane slipstream tyre downforce'.split(' ')
let warm: FunctionInstance | undefined
let cold: FunctionInstance | undefined

/** Migrations, the demo content, 500 more articles and the admin password, in the scratch database only. */
async function prepareScratchDatabase(): Promise<void> {
  await assertScratchDatabase(sql, scratchDb)
  await runMigrations(scratchDb.url)
  await seedDemoContent(new Date(), db)
  await db.insert(newsArticles).values(
    Array.from({ length: 500 }, (_, i) =>
      buildNews({
        title: `Load article ${i}: ${words[i % words.length]} battle`,
        content: `<p>${Array.from({ length: 80 }, (_, k) => words[(i + k) % words.length]).join(' ')}.</p>`,
        displayOrder: 100 + i,
      }),
    ),
  )
  await db
    .insert(adminCredentials)
    .values({ id: 1, passwordHash: await hashPassword(PASSWORD) })
    .onConflictDoUpdate({ target: adminCredentials.id, set: { passwordHash: await hashPassword(PASSWORD) } })
}

/** The load levels, the idle check and the cold burst; prints the table. */
async function measure(): Promise<void> {
  const articleIds = (await db.select({ id: newsArticles.id }).from(newsArticles)).map((r) => r.id)
  const gameIds = (await db.select({ id: games.id }).from(games)).map((r) => r.id)
  // This script's own connection is closed before the load: every connection counted is the function's.
  await sql.end({ timeout: 5 })

  console.log('building the functions as Netlify does...')
  const [api] = (await buildFunctionBundles(process.cwd(), scratch)).filter((b) => b.name === 'api')
  const functionEnv = {
    // The scratch database through the pooler (PgBouncer maps any database name to the cluster's).
    DATABASE_URL: withDatabase(pooler.url, scratchDb.name),
    URL: SITE,
    CONTEXT: 'production',
    DATABASE_IDLE_TIMEOUT: String(IDLE_TIMEOUT),
  }
  warm = await startFunctionInstance(api!.dir, { ...functionEnv, DATABASE_POOL_MAX: String(WARM_POOL_MAX) })
  const login = await warm.fetch('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ password: PASSWORD }),
  })
  const cookie = login.headers.get('set-cookie')?.split(';')[0]
  if (login.status !== 200 || !cookie) throw new Error(`admin login failed: ${login.status} ${await login.text()}`)

  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!
  const reads: autocannon.Request[] = [
    { method: 'GET', path: '/api/games' },
    { method: 'GET', path: '/api/news?limit=24' },
    { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/news/${pick(articleIds)}` }) },
    { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/news?search=${pick(words)}&limit=24` }) },
    { method: 'GET', path: '/api/accessories' },
    { method: 'GET', path: '/api/reviews' },
    { method: 'GET', path: '/api/championships-standings' },
    { method: 'GET', path: '/api/streams' },
  ]
  let edit = 0
  const writes: autocannon.Request[] = [
    {
      method: 'PUT',
      setupRequest: (req) => {
        edit += 1
        return {
          ...req,
          path: `/api/admin/games/${pick(gameIds)}`,
          body: JSON.stringify({ title: `Edited game ${edit}` }),
        }
      },
    },
  ]
  const url = `http://127.0.0.1:${warm.port}`
  const results: LevelResult[] = []
  for (const clients of LEVELS) {
    const writers = Math.max(1, Math.round(clients / 10))
    console.log(`level ${clients}: ${clients - writers} readers, ${writers} writers, ${DURATION} s...`)
    const { result, peak } = await watchConnections(
      Promise.all([
        load(url, clients - writers, reads),
        load(url, writers, writes, { cookie, origin: SITE, 'content-type': 'application/json' }),
      ]),
    )
    results.push({
      clients,
      reads: stats(result[0], DURATION),
      writes: stats(result[1], DURATION),
      maxServers: peak.servers,
      maxBackends: peak.backends,
      maxWaiting: peak.waiting,
      maxClients: peak.clients,
    })
  }

  // Idle connections close by themselves: no request for longer than the idle timeout.
  await new Promise((resolve) => setTimeout(resolve, (IDLE_TIMEOUT + 2) * 1000))
  const consoleSql = poolerConsole(pooler.adminUrl)
  const clientsLeftWarm = await consoleSql.clients()
  await warm.stop()
  warm = undefined

  // A burst of cold instances: one request each, all at once.
  cold = await startFunctionInstance(api!.dir, functionEnv, { instances: COLD_INSTANCES })
  const burst = watchConnections(
    Promise.all(
      Array.from({ length: COLD_INSTANCES }, async () => {
        const started = performance.now()
        const res = await cold!.fetch('/api/games')
        const text = await res.text()
        return { status: res.status, ms: performance.now() - started, error: res.status === 200 ? '' : text }
      }),
    ),
  )
  const { result: coldAnswers, peak: coldPeak } = await burst
  const coldStderr = cold.stderr()
  await new Promise((resolve) => setTimeout(resolve, (IDLE_TIMEOUT + 2) * 1000))
  const clientsLeftCold = await consoleSql.clients()
  await cold.stop()
  cold = undefined
  await new Promise((resolve) => setTimeout(resolve, 500))
  const clientsAfterStop = await consoleSql.clients()
  await consoleSql.end()

  const ms = (n: number) => `${n.toFixed(1)}`
  console.log(
    `\nPgBouncer ${POOL_SIZE} server connections (transaction mode), client limit ${CLIENT_LIMIT}; ` +
      `warm function process with a pool of ${WARM_POOL_MAX}; ${DURATION} s per level; 90% reads, 10% admin writes\n`,
  )
  console.log(
    '| clients | reads req/s | reads p50 / p95 / p99 ms | read errors | writes req/s | writes p50 / p95 / p99 ms | write errors | most server conns (pool / pg_stat_activity) | most waiting clients |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const r of results) {
    console.log(
      `| ${r.clients} | ${r.reads.rps.toFixed(0)} | ${ms(r.reads.p50)} / ${ms(r.reads.p95)} / ${ms(r.reads.p99)} | ${r.reads.errors} ` +
        `| ${r.writes.rps.toFixed(0)} | ${ms(r.writes.p50)} / ${ms(r.writes.p95)} / ${ms(r.writes.p99)} | ${r.writes.errors} ` +
        `| ${r.maxServers} / ${r.maxBackends} | ${r.maxWaiting} |`,
    )
  }
  const coldTimes = coldAnswers.map((a) => a.ms).sort((a, b) => a - b)
  const coldErrors = coldAnswers.filter((a) => a.status !== 200).length
  console.log(
    `\ncold burst: ${COLD_INSTANCES} instances, one GET /api/games each at once: ${coldErrors} errors, ` +
      `most pooler clients ${coldPeak.clients} (limit ${CLIENT_LIMIT}), most server connections ${coldPeak.servers} / ${coldPeak.backends}, ` +
      `p50 ${ms(percentile(coldTimes, 50))} ms, p99 ${ms(percentile(coldTimes, 99))} ms` +
      (coldErrors
        ? `\nfirst cold error: ${coldAnswers.find((a) => a.error)?.error.slice(0, 300)}\n${coldStderr.slice(-1500)}`
        : ''),
  )
  console.log(
    `pooler clients ${IDLE_TIMEOUT + 2} s after the load: ${clientsLeftWarm} (warm process), ${clientsLeftCold} (after the burst); ` +
      `after the processes ended: ${clientsAfterStop}`,
  )
  if (JSON_OUT) {
    writeFileSync(
      JSON_OUT,
      JSON.stringify(
        { results, cold: { errors: coldErrors, peak: coldPeak }, clientsLeftWarm, clientsLeftCold, clientsAfterStop },
        null,
        2,
      ),
    )
  }
}

try {
  await prepareScratchDatabase()
  if (SETUP_ONLY) {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from news_articles`
    console.log(`scratch database ready: ${row?.n} articles in ${scratchDb.name} on ${new URL(pg.url).host}`)
  } else {
    await measure()
  }
} catch (error) {
  if (!(error instanceof ScratchRefusal)) throw error
  console.error(`bench:load ${error.message}`)
  process.exitCode = 1
} finally {
  await sql.end({ timeout: 5 })
  await warm?.stop()
  await cold?.stop()
  for (const cleanup of cleanups.reverse()) await cleanup()
}
