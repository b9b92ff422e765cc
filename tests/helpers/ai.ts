import { aiConfigFromEnv, withAiOverrides } from '../../src/server/ai/config.ts'
import { runJob } from '../../src/server/jobs/jobs.ts'
import type { Platform } from '../../src/server/platform.ts'
import { db } from '../../src/server/db/client.ts'
import { aiCallLog } from '../../src/server/db/schema.ts'
import { startFakeAi, type FakeAi } from '../../fakes/ai-server.ts'

export interface AiHarness {
  fake: FakeAi
  /** Waits the AI code asked for (Retry-After, back-off): recorded, never slept, so no test is timed. */
  waits: number[]
  /** Jobs started through the launcher run in-process; await this to see them finished. */
  jobsSettled: () => Promise<void>
  /** What a test's platform takes from the harness (tests/helpers/platform.ts testPlatform). */
  platform: Pick<Platform, 'ai' | 'launchJob'>
  close: () => Promise<void>
}

/**
 * A fake AI server on 127.0.0.1, and the platform services of a test that uses it: both AI services
 * pointed at it, and jobs run in-process.
 */
export async function startAiHarness(options: { runJobs?: boolean } = {}): Promise<AiHarness> {
  const fake = await startFakeAi()
  const waits: number[] = []
  const running: Promise<unknown>[] = []
  const ai = withAiOverrides(aiConfigFromEnv(), {
    openai: { apiKey: 'test-openai-key', baseURL: fake.url },
    perplexity: { apiKey: 'test-perplexity-key', baseURL: fake.url },
    monthlyBudgetUsd: undefined,
    // Short enough that a hanging answer fails the test quickly, long enough for a loaded machine.
    timeoutMs: 1_500,
    maxAttempts: 3,
    maxRetryAfterMs: 20_000,
    backoffMs: 1_000,
    sleep: async (ms) => {
      waits.push(ms)
    },
  })
  // runJobs: false leaves started jobs queued (tests that compare database digests between requests).
  const launchJob: Platform['launchJob'] = async (platform, id) => {
    if (options.runJobs !== false) running.push(runJob(platform, id))
  }
  return {
    fake,
    waits,
    jobsSettled: async () => {
      while (running.length) await Promise.all(running.splice(0))
    },
    platform: { ai, launchJob },
    close: async () => {
      await fake.close()
    },
  }
}

export const ledger = () => db().select().from(aiCallLog).orderBy(aiCallLog.id)
