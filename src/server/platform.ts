import { env, isProduction, siteUrl } from '../env.server.ts'
import { netlifyPurge } from './publish/purge-client.ts'
import { createPublisher, type Publisher } from './publish/publisher.ts'

/**
 * What differs between production, `npm start` and a test, made once where a runtime starts (a
 * Netlify function, the local runtime, a test) and handed to `createApp(platform)`, the scheduler
 * tick and the jobs (STYLE.md, "Seams, not singletons"). A route reads it from `c.var.platform`.
 */
export interface Platform {
  /** Purges what a write changed at the CDN and re-warms its pages (docs/decisions/0700). */
  publisher: Publisher
}

/**
 * Production: Netlify's purge API with the token and site id Netlify gives every function at run
 * time (NETLIFY_PURGE_API_TOKEN, SITE_ID). Without them (an in-process test, a script) nothing is
 * purged: there is no CDN in front of them.
 */
export function platformFromEnv(): Platform {
  const token = env.NETLIFY_PURGE_API_TOKEN
  const siteId = env.SITE_ID
  if (isProduction && !(token && siteId)) {
    console.warn('[platform] NETLIFY_PURGE_API_TOKEN or SITE_ID is missing: writes cannot purge the CDN.')
  }
  return {
    publisher: createPublisher({
      purge: token && siteId ? netlifyPurge({ apiUrl: env.NETLIFY_API_URL, siteId, token }) : undefined,
      siteUrl,
    }),
  }
}
