import { randomBytes } from 'node:crypto'
import { PURGE_API_PATH } from '@simracing/local-platform'
import { servicesFromEnv } from '../../src/server/platform-from-env.ts'
import type { Platform } from '../../src/server/platform.ts'
import { netlifyPurge } from '../../src/server/cdn/purge-client.ts'
import { createPurger } from '../../src/server/cdn/purger.ts'

/**
 * The platform of `npm start` (src/server/platform.ts): as production's, except that its purges go
 * to the CDN stand-in's purge API on this machine, with a token made for this run, and the pages
 * are re-warmed through the stand-in.
 */
export function localPlatform(opts: { port: number; host: string; siteUrl: string }) {
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host
  const purge = { token: randomBytes(24).toString('base64url'), siteId: 'local' }
  const platform: Platform = {
    ...servicesFromEnv(),
    purger: createPurger({
      purge: netlifyPurge({ apiUrl: `http://${host}:${opts.port}${PURGE_API_PATH}`, ...purge }),
      siteUrl: `http://${host}:${opts.port}`,
    }),
  }
  return { platform, purge }
}
