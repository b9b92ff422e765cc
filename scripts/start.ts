/**
 * `npm start`: the whole site on this machine, with demo content, at http://localhost:8888.
 *
 *   1. the embedded database (PGlite under .data/) unless DATABASE_URL is set
 *   2. migrations, then the demo content when the database is empty
 *   3. the Astro build into <DATA_DIR>/site/builds/<time>, with <DATA_DIR>/site/dist pointing at it
 *   4. Netlify's own local runtime (`netlify serve --offline`) in <DATA_DIR>/site: static files,
 *      functions, blobs, redirects and headers as on Netlify
 *   5. the local publisher: rebuilds after content changes and swaps the new build in
 *
 * Ctrl-C stops every process it started. A second start keeps all data.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { env, databaseUrl, usesEmbeddedDatabase } from '../src/env.server.ts'
import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ensureAdminPassword } from './lib/admin-password.ts'
import { spawnDbServer, stopChild } from './lib/database.ts'
import { portAnswers } from './lib/embedded-db.ts'
import { freePort } from './lib/ports.ts'
import { startLocalServices, type LocalServices } from './lib/local-services.ts'
import { seedDemoContent } from './lib/seed-demo.ts'
import { SiteRoot } from './lib/site-build.ts'

const port = Number(process.argv.find((a) => a.startsWith('--port='))?.slice(7) ?? 8888)
const children: ChildProcess[] = []
let services: LocalServices | undefined
let stopping = false

const log = (message: string) => console.log(`[start] ${message}`)

async function stopAll(code = 0): Promise<never> {
  if (!stopping) {
    stopping = true
    log('stopping...')
    await services?.stop()
    await closeDb().catch(() => {})
    for (const child of [...children].reverse()) await stopChild(child)
  }
  process.exit(code)
}
process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))

try {
  if (await portAnswers(port)) throw new Error(`Port ${port} is already in use: is the site already running?`)

  if (usesEmbeddedDatabase) {
    log(`database: embedded PGlite in ${env.DATA_DIR}/pglite on 127.0.0.1:${env.EMBEDDED_DB_PORT}`)
    children.push(await spawnDbServer())
  } else {
    log('database: DATABASE_URL')
  }

  await runMigrations()
  log((await seedDemoContent()) ? 'demo content written' : 'existing content kept')
  log(await ensureAdminPassword())

  const childEnv = { DATABASE_URL: databaseUrl, SITE_URL: `http://localhost:${port}` }
  const site = new SiteRoot(env.DATA_DIR)
  site.writeNetlifyConfig({ staticServerPort: await freePort() })
  log(`building the site into ${path.relative(process.cwd(), site.buildsDir)}...`)
  const started = Date.now()
  await site.buildAndSwap(childEnv)
  log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  services = await startLocalServices({ site, childEnv })

  log('Netlify local runtime starting...')
  const netlify = spawn(
    process.execPath,
    [
      path.resolve('node_modules/netlify-cli/bin/run.js'),
      'serve',
      '--functions',
      path.resolve('netlify/functions'),
      '--offline',
      '--internal-disable-edge-functions',
      '--port',
      String(port),
    ],
    {
      cwd: site.dir,
      env: { ...process.env, ...childEnv, BROWSER: 'none', NETLIFY_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.push(netlify)
  netlify.stdout!.on('data', (d: Buffer) => process.stdout.write(filterNetlify(d.toString())))
  netlify.stderr!.on('data', (d: Buffer) => process.stderr.write(filterNetlify(d.toString())))
  netlify.once('exit', (code) => {
    if (!stopping) {
      console.error(`[start] netlify serve exited (${code})`)
      void stopAll(1)
    }
  })

  for (let i = 0; i < 600 && !(await portAnswers(port)); i++) await new Promise((r) => setTimeout(r, 500))
  services.onServerReady()
  console.log(`
  Site:      http://localhost:${port}
  API:       http://localhost:${port}/api/news
  Admin API: http://localhost:${port}/api/admin/session (log in with POST /api/admin/login)
  Database:  ${usesEmbeddedDatabase ? `embedded PGlite (${env.DATA_DIR}/pglite)` : 'DATABASE_URL'}
  AI:        ${env.OPENAI_API_KEY || env.PERPLEXITY_API_KEY ? 'configured' : 'not configured (set OPENAI_API_KEY / PERPLEXITY_API_KEY)'}
  Ctrl-C stops everything.
`)
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`)
  await stopAll(1)
}

/** netlify-cli prints a box and per-request lines; keep errors and the useful lines. */
function filterNetlify(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(Request from|Response with status|​|$)/.test(line))
    .map((line) => `${line}\n`)
    .join('')
}
