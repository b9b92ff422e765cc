/**
 * `npm run bench:api`: the API through the site as `npm start` serves it, against the same requests
 * through `app.request` in this process (same database), in one run.
 *
 *   npm run bench:api                      starts its own site (scratch data folder, free ports)
 *   npm run bench:api -- --reuse --port=8888 [--password=...]   measures a site already running
 *   options: --runs=200 (sequential requests per kind), --concurrency=20
 *
 * Prints p50/p95 per request kind, sequential and concurrent, and the ratio served / in-process.
 * Targets (issue 8): sequential p50 <= 30 ms and p95 <= 100 ms; 20 concurrent all answered within 1 s; 0 errors.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '@simracing/local-platform'
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../../src/server/db/embedded-password.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const reuse = process.argv.includes('--reuse')
const runs = Number(arg('runs') ?? 200)
const concurrency = Number(arg('concurrency') ?? 20)

let site: ChildProcess | undefined
let port = Number(arg('port') ?? 8888)
let dataDir = process.env.DATA_DIR ?? '.data'
let dbPort = Number(process.env.EMBEDDED_DB_PORT ?? 54329)

if (!reuse) {
  port = await freePort()
  dbPort = await freePort()
  dataDir = `.data/bench-api-${port}`
  rmSync(dataDir, { recursive: true, force: true })
  console.log(`Starting a site on :${port} (data in ${dataDir})...`)
  site = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', `--port=${port}`], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(dbPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  site.stdout!.on('data', () => {})
  const deadline = Date.now() + 300_000
  while (!(await answers(`http://127.0.0.1:${port}/api/games`))) {
    if (Date.now() > deadline || site.exitCode !== null) throw new Error('The site did not start.')
    await new Promise((r) => setTimeout(r, 500))
  }
}

const base = `http://localhost:${port}`
const password = arg('password') ?? process.env.ADMIN_PASSWORD ?? readPassword()
// The in-process app reads (and writes) the same database as the served site: its own scratch site's
// when it started one, whatever the caller's DATABASE_URL says; with --reuse, the one it measures.
const siteDatabase = embeddedDatabaseUrl(dbPort, readEmbeddedPassword(dataDir))
process.env.DATABASE_URL = reuse ? process.env.DATABASE_URL || siteDatabase : siteDatabase
process.env.SITE_URL = base
const { createApp } = await import('../../src/server/app.ts')
const { closeDb } = await import('../../src/server/db/client.ts')
const { platformFromEnv } = await import('../../src/server/platform-from-env.ts')
const app = createApp(platformFromEnv())

interface Kind {
  name: string
  send: (via: Via) => Promise<Response>
}
type Via = (path: string, init?: RequestInit) => Promise<Response>

const served: Via = (p, init) => fetch(`${base}${p}`, init)
const scratchGames: number[] = []
let sessionCookie = ''
const inProcess: Via = async (p, init) => app.request(p, init, { context: { ip: '127.0.0.1' } })

try {
  const login = await served('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password }),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  sessionCookie = cookie
  const news = (await (await served('/api/news?limit=1')).json()) as { id: number }[]
  const articleId = news[0]!.id
  // One scratch game per concurrent writer (deleted at the end): writers never race on one row.
  for (let i = 0; i < concurrency; i++) {
    const res = await served('/api/admin/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ title: `Bench game ${i + 1}` }),
    })
    scratchGames.push(((await res.json()) as { id: number }).id)
  }
  let n = 0
  let worker = 0
  const kinds: Kind[] = [
    { name: 'GET /api/games', send: (via) => via('/api/games') },
    { name: 'GET /api/news?limit=24', send: (via) => via('/api/news?limit=24') },
    { name: 'GET /api/news/{id}', send: (via) => via(`/api/news/${articleId}`) },
    {
      name: 'PUT /api/games/{id} + GET (session)',
      send: async (via) => {
        const id = scratchGames[worker++ % scratchGames.length]!
        const title = `Bench game ${id} #${++n}`
        const put = await via(`/api/games/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie, origin: base },
          body: JSON.stringify({ title }),
        })
        if (!put.ok) return put
        await put.arrayBuffer()
        const read = await via(`/api/games/${id}`)
        const body = (await read.clone().json()) as { title: string }
        return body.title === title ? read : new Response('read-back differs', { status: 599 })
      },
    },
  ]

  let errors = 0
  const rows: string[][] = []
  for (const kind of kinds) {
    const seqServed = await sequential(kind, served)
    const seqApp = await sequential(kind, inProcess)
    const conc = await concurrent(kind)
    errors += seqServed.errors + seqApp.errors + conc.errors
    rows.push([
      kind.name,
      ms(pct(seqServed.times, 50)),
      ms(pct(seqServed.times, 95)),
      ms(pct(seqApp.times, 50)),
      ms(pct(seqApp.times, 95)),
      `${(pct(seqServed.times, 50) / pct(seqApp.times, 50)).toFixed(1)}x`,
      ms(pct(conc.times, 50)),
      ms(Math.max(...conc.times)),
      ms(conc.wall),
      String(seqServed.errors + seqApp.errors + conc.errors),
    ])
  }
  const header = [
    'request',
    'served p50',
    'served p95',
    'app.request p50',
    'app.request p95',
    'ratio p50',
    `${concurrency} concurrent p50`,
    `${concurrency} concurrent max`,
    'all answered in',
    'errors',
  ]
  console.log(`\n${runs} sequential requests per kind after 20 warm-up, then ${concurrency} at once (5 rounds):\n`)
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
  console.log(`\nerrors: ${errors}`)
  process.exitCode = errors > 0 ? 1 : 0
} finally {
  for (const id of scratchGames) {
    await app.request(`/api/games/${id}`, { method: 'DELETE', headers: { cookie: sessionCookie, origin: base } })
  }
  await closeDb()
  if (site) {
    site.kill('SIGTERM')
    await new Promise((r) => site!.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function sequential(kind: Kind, via: Via) {
  const times: number[] = []
  let errors = 0
  for (let i = 0; i < 20 + runs; i++) {
    const start = performance.now()
    const res = await kind.send(via).catch(() => undefined)
    await res?.arrayBuffer().catch(() => undefined)
    if (i >= 20) times.push(performance.now() - start)
    if (!res?.ok) errors++
  }
  return { times, errors }
}

/** `concurrency` requests at once, five rounds; `wall` is the slowest round's time until all were answered. */
async function concurrent(kind: Kind) {
  const times: number[] = []
  let errors = 0
  let wall = 0
  for (let round = 0; round < 5; round++) {
    const start = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const t = performance.now()
        const res = await kind.send(served).catch(() => undefined)
        await res?.arrayBuffer().catch(() => undefined)
        times.push(performance.now() - t)
        if (!res?.ok) errors++
      }),
    )
    wall = Math.max(wall, performance.now() - start)
  }
  return { times, errors, wall }
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

function readPassword(): string {
  const file = path.join(dataDir, 'admin-password.txt')
  if (!existsSync(file)) throw new Error(`No admin password: pass --password= or ADMIN_PASSWORD (looked in ${file}).`)
  return readFileSync(file, 'utf8').trim()
}
