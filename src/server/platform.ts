import { env, isProduction, siteUrl } from '../env.server.ts'
import { aiConfigFromEnv, type AiConfig } from './ai/config.ts'
import { blobStoresFromEnv, type BlobStores } from './blobs/store.ts'
import { externalConfigFromEnv, type ExternalConfig } from './external/config.ts'
import { launchThroughFunction, type JobLauncher } from './jobs/jobs.ts'
import { mailConfigFromEnv, type MailConfig } from './newsletter/mail-config.ts'
import { deployHookFromEnv, type DeployHook } from './deploys/deploy-hook.ts'
import { netlifyPurge } from './cdn/purge-client.ts'
import { createPurger, type Purger } from './cdn/purger.ts'

/**
 * What differs between production, `npm start` and a test, made once where a runtime starts (a
 * Netlify function, the local runtime, a test) and handed to `createApp(platform)`, the scheduler
 * tick and the jobs (STYLE.md, "Seams, not singletons"). A route reads it from `c.var.platform`.
 */
export interface Platform {
  /** Purges what a write changed at the CDN and re-warms its pages (docs/decisions/0700). */
  purger: Purger
  /** OpenAI and Perplexity: keys, addresses, models, the monthly budget, timeouts and retries. */
  ai: AiConfig
  /** Twitch, YouTube, the Steam store and Jolpica-F1: keys and addresses. */
  external: ExternalConfig
  /** Hands a created job to its runner: the background function in production, in-process in tests. */
  launchJob: JobLauncher
  /** The build hook of 'Rebuild Site' and its debounce (docs/decisions/0204). */
  deploys: DeployHook
  /** The Netlify Blobs stores (images, uploads). */
  blobs: BlobStores
  /**
   * Tests only: faults injected where a real one could strike (decision 0703). `afterCommit` runs
   * after a write committed and before its owed purges are sent (throw to stand in for a process
   * that dies there); `audit` before the audit row is written (throw: the audit insert fails).
   */
  faults?: { afterCommit?: () => void; audit?: () => void }
  /** The newsletter's mail server (SMTP_URL, NEWSLETTER_FROM); undefined: no newsletter (decision 0800). */
  mail: MailConfig | undefined
}

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
