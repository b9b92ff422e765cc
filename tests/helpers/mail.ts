import { runJob } from '../../src/server/jobs/jobs.ts'
import type { MailConfig } from '../../src/server/mail/mail-config.ts'
import type { Platform } from '../../src/server/platform.ts'
import { startFakeSmtp, type FakeSmtp } from '../../fakes/smtp-server.ts'

export interface MailHarness {
  fake: FakeSmtp
  /** Waits the sender asked for (retry backoff): recorded, never slept, so no test is timed. */
  waits: number[]
  /** Jobs started through the launcher run in-process; await this to see them finished. */
  jobsSettled: () => Promise<void>
  /** Ids of the jobs launched, in order. */
  launched: number[]
  /** What a test's platform takes from the harness (tests/helpers/platform.ts testPlatform). */
  platform: Pick<Platform, 'mail' | 'launchJob'>
  close: () => Promise<void>
}

export const TEST_FROM = 'SimRacing Hub <digest@simracing-hub.example.com>'

/**
 * A fake SMTP server on 127.0.0.1 (fakes/smtp-server.ts) and the platform services of a test
 * that uses it: the newsletter's mail pointed at it, small batches, short timeouts, waits recorded,
 * and jobs run in-process (`runJobs: false` leaves them queued).
 */
export async function startMailHarness(
  options: { runJobs?: boolean; mail?: Partial<MailConfig> } = {},
): Promise<MailHarness> {
  const fake = await startFakeSmtp()
  const waits: number[] = []
  const running: Promise<unknown>[] = []
  const launched: number[] = []
  const mail: MailConfig = {
    smtpUrl: fake.url,
    from: TEST_FROM,
    batchSize: 5,
    maxConnections: 3,
    retryDelaysMs: [1_000, 2_000, 4_000],
    // Short enough that a hanging server fails the send quickly, long enough for a loaded machine.
    timeoutMs: 2_000,
    runBudgetMs: 10 * 60_000,
    sleep: async (ms) => {
      waits.push(ms)
    },
    ...options.mail,
  }
  const launchJob: Platform['launchJob'] = async (platform, id) => {
    launched.push(id)
    if (options.runJobs !== false) running.push(runJob(platform, id))
  }
  return {
    fake,
    waits,
    launched,
    jobsSettled: async () => {
      while (running.length) await Promise.all(running.splice(0))
    },
    platform: { mail, launchJob },
    close: () => fake.close(),
  }
}
