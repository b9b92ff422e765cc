import type { AiConfig } from './ai/config.ts'
import type { BlobStores } from './blobs/store.ts'
import type { Purger } from './cdn/purger.ts'
import type { DeployHook } from './deploys/deploy-hook.ts'
import type { ExternalConfig } from './external/config.ts'
import type { MailConfig } from './mail/mail-config.ts'

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

/** Hands a created job to a runner (the platform's `launchJob`); tests run it in-process. */
export type JobLauncher = (platform: Platform, jobId: number) => Promise<void>
