import { externalConfigFromEnv, withExternalOverrides } from '../../src/server/external/config.ts'
import { forgetTwitchToken } from '../../src/server/external/twitch.ts'
import { runJob } from '../../src/server/jobs/jobs.ts'
import type { Platform } from '../../src/server/platform.ts'
import { startFakeRefreshApis, type FakeRefreshApis } from '../../fakes/refresh-apis-server.ts'

export interface RefreshHarness {
  fake: FakeRefreshApis
  /** Jobs started through the launcher run in-process; await this to see them finished. */
  jobsSettled: () => Promise<void>
  /** What a test's platform takes from the harness (tests/helpers/platform.ts testPlatform). */
  platform: Pick<Platform, 'external' | 'launchJob'>
  reset: () => void
  close: () => Promise<void>
}

/**
 * The fake Twitch, YouTube and Steam on 127.0.0.1, and the platform services of a test that uses
 * them: the services pointed at them with fake keys, and jobs run in-process.
 */
export async function startRefreshHarness(options: { runJobs?: boolean } = {}): Promise<RefreshHarness> {
  const fake = await startFakeRefreshApis()
  const running: Promise<unknown>[] = []
  const external = withExternalOverrides(externalConfigFromEnv(), {
    twitch: {
      clientId: 'fake-client-id',
      clientSecret: 'fake-client-secret',
      authBaseUrl: fake.urls.twitchAuth,
      apiBaseUrl: fake.urls.twitchApi,
    },
    youtube: { apiKey: 'fake-youtube-key', baseUrl: fake.urls.youtube },
    steam: { baseUrl: fake.urls.steam },
    // Short enough that a hanging answer fails the test quickly, long enough for a loaded machine.
    timeoutMs: 1_500,
  })
  const launchJob: Platform['launchJob'] = async (platform, id) => {
    if (options.runJobs !== false) running.push(runJob(platform, id))
  }
  forgetTwitchToken()
  return {
    fake,
    jobsSettled: async () => {
      while (running.length) await Promise.all(running.splice(0))
    },
    platform: { external, launchJob },
    reset: () => {
      fake.reset()
      forgetTwitchToken()
    },
    close: async () => {
      forgetTwitchToken()
      await fake.close()
    },
  }
}
