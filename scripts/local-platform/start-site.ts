import path from 'node:path'
import {
  freePort,
  portAnswers,
  SiteRoot,
  startAstroDev,
  startLocalRuntime,
  startScheduleTicker,
  superviseDatabase,
  type LocalRuntime,
  type SupervisedDatabase,
} from '@simracing/local-platform'
import { env, siteUrl, usesEmbeddedDatabase } from '../../src/env.server.ts'
import { databaseUrl } from '../../src/server/db/database-url.ts'
import { closeDb } from '../../src/server/db/client.ts'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { runSchedulerTick } from '../../src/server/scheduler/tick.ts'
import { ensureAdminPassword } from './admin-password.ts'
import { spawnDbServer } from './database.ts'
import { ensurePrivateDir } from './private-files.ts'
import { localPlatform } from './local-platform.ts'
import { seedDemoContent } from '../../src/server/demo/seed.ts'

const log = (message: string) => console.log(`[start] ${message}`)

/**
 * The steps of `npm start` (scripts/start.ts) and, with `dev`, of `npm run dev` (scripts/dev.ts):
 * the same database, demo content, warm functions and CDN stand-in, but the pages come from Astro's
 * dev server with hot reload instead of one production build (docs/decisions/0701).
 */
export async function startSite(
  port: number,
  options: { dev?: boolean; testControls?: boolean; sharedBuild?: string } = {},
): Promise<void> {
  let database: SupervisedDatabase | undefined
  let runtime: LocalRuntime | undefined
  let astro: { stop(): Promise<void> } | undefined
  let ticker: { stop(): Promise<void> } | undefined
  let stopping = false

  async function stopAll(code = 0): Promise<never> {
    if (!stopping) {
      stopping = true
      log('stopping...')
      // First, and synchronously: the database server finishes its own clean shutdown even if this
      // process is ended before the rest below completes.
      const databaseStopped = database?.stop()
      await ticker?.stop()
      await astro?.stop().catch(() => {})
      await runtime?.stop().catch(() => {})
      await closeDb().catch(() => {})
      await databaseStopped
    }
    process.exit(code)
  }
  process.on('SIGINT', () => void stopAll(0))
  process.on('SIGTERM', () => void stopAll(0))
  // Nothing a request does may stop the site: log what escaped and go on serving.
  process.on('uncaughtException', (error) => console.error('[start] uncaught error (still serving):', error))
  process.on('unhandledRejection', (error) => console.error('[start] unhandled rejection (still serving):', error))

  try {
    if (await portAnswers(port, env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST)) {
      throw new Error(`Port ${port} is already in use: is the site already running?`)
    }
    // Also with DATABASE_URL: the builds and the local Blobs live there too.
    ensurePrivateDir(env.DATA_DIR)
    if (usesEmbeddedDatabase) {
      log(`database: embedded PGlite in ${env.DATA_DIR}/pglite on 127.0.0.1:${env.EMBEDDED_DB_PORT}`)
      // Restarted with backoff whenever it dies (the package's database-supervisor.ts, decision 0304).
      database = await superviseDatabase(() => spawnDbServer())
    } else {
      log('database: DATABASE_URL')
    }

    await runMigrations()
    log((await seedDemoContent()) ? 'demo content written' : 'existing content kept')
    log(await ensureAdminPassword())

    const site = new SiteRoot(env.DATA_DIR)
    site.writeNetlifyConfig()
    if (!options.dev) {
      // Built once: content changes purge the CDN stand-in, as in production, and need no build
      // (docs/decisions/0700). The build runs in a child process; it gets the database and the
      // public address explicitly.
      const started = Date.now()
      if (options.sharedBuild) {
        // The end-to-end sites of one test run share one build (docs/testing.md).
        log(`using the shared build in ${options.sharedBuild} (built by the first site to need it)...`)
        await site.useSharedBuild(options.sharedBuild, { DATABASE_URL: databaseUrl(), SITE_URL: siteUrl })
        log(`shared build ready after ${((Date.now() - started) / 1000).toFixed(1)} s`)
      } else {
        log(`building the site into ${path.relative(process.cwd(), site.buildsDir)}...`)
        await site.buildAndSwap({ DATABASE_URL: databaseUrl(), SITE_URL: siteUrl })
        log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      }
    }

    // Under `npm run dev` the functions answer on a port of their own behind Astro's dev server.
    const runtimePort = options.dev ? await freePort() : port
    const local = localPlatform({ port: runtimePort, host: env.HOST, siteUrl })
    runtime = await startLocalRuntime({
      siteDir: site.dir,
      functionsDir: path.resolve('netlify/functions'),
      pagesFunction: options.dev ? undefined : site.pagesFunction,
      host: env.HOST,
      port: runtimePort,
      siteUrl,
      platform: local.platform,
      purge: local.purge,
      // The test site's control of time (TICK_CONTROL_PATH): the scheduler's tick as if it were `at`.
      tick: async (at) => {
        const report = await runSchedulerTick(local.platform, at)
        return { started: report.started.length, publishedNews: report.publishedNews, purged: report.purged }
      },
      testControls: options.testControls,
      killDatabase: (awayMs) => database?.kill(awayMs) ?? false,
    })
    ticker = startScheduleTicker(runtime)
    if (options.dev) {
      astro = await startAstroDev({
        port,
        host: env.HOST,
        functionsUrl: runtime.url,
        configFile: 'astro.dev.config.mjs',
      })
    }
    const scheduled = runtime.functions.filter((f) => f.schedule).map((f) => `${f.name} (${f.schedule})`)
    console.log(`
  Site:      ${siteUrl}${env.HOST === '127.0.0.1' ? '' : `  (listening on ${env.HOST}:${port})`}
  API:       ${siteUrl}/api/news
  Admin:     ${siteUrl}/admin
  Functions: ${runtime.functions.map((f) => f.name).join(', ')} (loaded once, kept warm)${scheduled.length ? `\n  Scheduled: ${scheduled.join(', ')}, ticked every minute` : ''}
  Pages:     ${options.dev ? "Astro's dev server, with hot reload" : 'rendered on demand, kept by a CDN stand-in until a write purges them'}
  Database:  ${usesEmbeddedDatabase ? `embedded PGlite (${env.DATA_DIR}/pglite)` : 'DATABASE_URL'}
  AI:        ${env.OPENAI_API_KEY || env.PERPLEXITY_API_KEY ? 'configured' : 'not configured (set OPENAI_API_KEY / PERPLEXITY_API_KEY)'}
  Ctrl-C stops everything.
`)
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`)
    await stopAll(1)
  }
}
