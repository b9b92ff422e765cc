import { env, isProduction, siteUrl } from '../env.server.ts'
import { aiConfigFromEnv } from './ai/config.ts'
import { blobStoresFromEnv } from './blobs/store.ts'
import { netlifyPurge } from './cdn/purge-client.ts'
import { createPurger } from './cdn/purger.ts'
import { deployHookFromEnv } from './deploys/deploy-hook.ts'
import { externalConfigFromEnv } from './external/config.ts'
import { launchThroughFunction } from './jobs/jobs.ts'
import { mailConfigFromEnv } from './mail/mail-config.ts'
import type { Platform } from './platform.ts'

/**
 * Production: Netlify's purge API with the token and site id Netlify gives every function at run
 * time (NETLIFY_PURGE_API_TOKEN, SITE_ID). Without them (an in-process test, a script) nothing is
 * purged: there is no CDN in front of them. Everything else from the typed environment.
 */
export function platformFromEnv(): Platform {
  const token = env.NETLIFY_PURGE_API_TOKEN
  const siteId = env.SITE_ID
  if (isProduction && !(token && siteId)) {
    console.warn('[platform] NETLIFY_PURGE_API_TOKEN or SITE_ID is missing: writes cannot purge the CDN.')
  }
  return {
    ...servicesFromEnv(),
    purger: createPurger({
      purge: token && siteId ? netlifyPurge({ apiUrl: env.NETLIFY_API_URL, siteId, token }) : undefined,
      siteUrl,
    }),
  }
}

/** Everything but the purger, from the typed environment (the local runtime brings its own purger). */
export function servicesFromEnv(): Omit<Platform, 'purger'> {
  return {
    ai: aiConfigFromEnv(),
    external: externalConfigFromEnv(),
    launchJob: launchThroughFunction,
    deploys: deployHookFromEnv(),
    blobs: blobStoresFromEnv(),
    mail: mailConfigFromEnv(),
  }
}
