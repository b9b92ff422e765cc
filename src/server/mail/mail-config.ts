import { env } from '../../env.server.ts'

/**
 * The newsletter's mail service, one part of the platform (src/server/platform.ts): production's
 * from SMTP_URL and NEWSLETTER_FROM; a test's points at its fake SMTP server on 127.0.0.1
 * (tests/helpers/mail.ts) and records its waits instead of sleeping. Undefined: no mail, so no
 * newsletter (docs/decisions/0800).
 */
export interface MailConfig {
  /** smtp://user:password@host:587 or smtps://...:465 */
  smtpUrl: string
  /** 'SimRacing Hub <news@example.com>' */
  from: string
  /** Recipients claimed, sent and marked together; the next batch is claimed after (docs/decisions/0802). */
  batchSize: number
  /** Connections of the pool the digest is sent over. */
  maxConnections: number
  /**
   * The waits before a batch the mail server did not take (a 4xx, no connection) is sent again;
   * after the last, the job stops with the server's answer and the owner can resume it.
   */
  retryDelaysMs: readonly number[]
  /** Connecting, the greeting, and each command answer: given up after this long. */
  timeoutMs: number
  /** A sender hands the rest of a digest to a new run after this long (a background function has 15 minutes). */
  runBudgetMs: number
  sleep: (ms: number) => Promise<void>
}

export const defaultMailTuning = {
  batchSize: 50,
  maxConnections: 5,
  // About 8 minutes in all: a mail server restarting or a provider's brief throttle passes.
  retryDelaysMs: [5_000, 15_000, 45_000, 120_000, 300_000],
  timeoutMs: 30_000,
  runBudgetMs: 12 * 60_000,
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
} satisfies Omit<MailConfig, 'smtpUrl' | 'from'>

export function mailConfigFromEnv(): MailConfig | undefined {
  if (!env.SMTP_URL || !env.NEWSLETTER_FROM) return undefined
  return { smtpUrl: env.SMTP_URL, from: env.NEWSLETTER_FROM, ...defaultMailTuning }
}
