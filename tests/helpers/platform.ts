import { servicesFromEnv } from '../../src/server/platform-from-env.ts'
import type { Platform } from '../../src/server/platform.ts'
import type { PurgeFn } from '../../src/server/cdn/purge-client.ts'
import { createPurger, type PurgerOptions } from '../../src/server/cdn/purger.ts'

export interface TestPlatform extends Platform {
  /** Every purge the purger sent, in order ('everything' for the whole site). */
  purged: (readonly string[] | 'everything')[]
  /** Every page the purger visited again after a purge. */
  rewarmed: string[]
}

/**
 * The purgers of every test platform made in this worker: resetDatabase waits for their background
 * work (a purge's ledger row, its re-warming), so none of it lands in the next test's fresh database.
 */
export const testPurgers = new Set<ReturnType<typeof createPurger>>()

/** A test's own services (a fake AI, fake stream APIs, a Blobs server, jobs run in-process). */
export type PlatformOverrides = Partial<Omit<Platform, 'purger'>>

/**
 * The platform of an in-process test: purges are recorded (or sent to `purge`, a fake Netlify API),
 * and the pages re-warmed after them are recorded instead of fetched. The other services are the
 * hermetic test environment's (src/env.server.ts) unless the test brings its own.
 */
export function testPlatform(
  options: { purge?: PurgeFn } & Partial<PurgerOptions> & PlatformOverrides = {},
): TestPlatform {
  const purged: TestPlatform['purged'] = []
  const rewarmed: string[] = []
  const siteUrl = options.siteUrl ?? 'http://site.test'
  const services = servicesFromEnv()
  return {
    purged,
    rewarmed,
    ai: options.ai ?? services.ai,
    external: options.external ?? services.external,
    launchJob: options.launchJob ?? services.launchJob,
    deploys: options.deploys ?? services.deploys,
    blobs: options.blobs ?? services.blobs,
    faults: options.faults,
    mail: 'mail' in options ? options.mail : services.mail,
    purger: registered(
      createPurger({
        siteUrl,
        purge:
          options.purge ??
          (async (tags) => {
            purged.push(tags)
          }),
        fetch:
          options.fetch ??
          (async (url) => {
            rewarmed.push(String(url).slice(siteUrl.length))
            return new Response(null, { status: 200 })
          }),
        now: options.now,
        // No background retries on a real timer: a retry of one test would run during the next one
        // (Vitest keeps a worker's modules between files). A test flushes when it wants to.
        maxBackgroundWaitMs: options.maxBackgroundWaitMs ?? -1,
      }),
    ),
  }
}

function registered(purger: ReturnType<typeof createPurger>) {
  testPurgers.add(purger)
  return purger
}
