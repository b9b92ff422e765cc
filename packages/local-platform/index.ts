/**
 * The local platform: what a Netlify site needs on one machine that Netlify's own local tools do not
 * give, or give too slowly (README.md). Everything a caller uses is exported here; nothing of a
 * particular site is imported: the site hands in what is its own (its platform object, its
 * scheduler tick, its database password, the program that serves its database).
 */

// The site as Netlify serves it: warm functions behind a CDN stand-in, with Netlify's purge API.
export {
  CDN_EMPTY_CONTROL_PATH,
  DATABASE_KILL_CONTROL_PATH,
  MAX_FUNCTION_BODY,
  PURGE_API_PATH,
  startLocalRuntime,
  TICK_CONTROL_PATH,
  type LocalRuntime,
  type LocalRuntimeOptions,
} from './local-runtime.ts'
export { CdnCache, type CdnCacheOptions } from './cdn-cache.ts'
export { PURGE_WINDOW_MS, PURGES_PER_WINDOW, PurgeApi } from './purge-api.ts'
export { ImageCache, type CachedImage } from './image-cache.ts'
export {
  loadFunctions,
  localContext,
  matchFunction,
  type FunctionMatch,
  type LocalFunction,
} from './local-functions.ts'
export { startScheduleTicker } from './schedule-ticker.ts'
export { cronMatches } from './cron.ts'

// The site's build: one Astro build swapped in atomically, or Astro's dev server.
export { astroBuild, pagesFunctionOutput, publishDir, SiteRoot } from './site-build.ts'
export { startAstroDev } from './astro-dev.ts'

// Functions as Netlify builds them, run as Lambda runs them.
export { buildFunctionBundles, cachedFunctionBundles, type FunctionBundle } from './function-bundles.ts'
export { startFunctionInstance, type FunctionInstance } from './function-instance.ts'

// Postgres on this machine: PGlite over the wire protocol with SCRAM, kept running.
export { newDatabasePassword, startEmbeddedServer, startScratchServer, type EmbeddedServer } from './embedded-server.ts'
export { type WireServerOptions } from './pglite-wire-server.ts'
export {
  awayOf,
  MAX_DATABASE_AWAY_MS,
  restartDelayMs,
  spawnDatabaseServer,
  stopChild,
  superviseDatabase,
  type SupervisedDatabase,
} from './database-supervisor.ts'
export {
  assertScratchDatabase,
  createScratchDatabase,
  markScratchDatabase,
  ScratchRefusal,
  type ScratchDatabase,
} from './scratch-database.ts'

export { freePort, portAnswers } from './ports.ts'
