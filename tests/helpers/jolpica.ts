import { externalConfigFromEnv, withExternalOverrides } from '../../src/server/external/config.ts'
import type { Platform } from '../../src/server/platform.ts'
import { startFakeJolpica, type FakeJolpica } from '../../fakes/jolpica-server.ts'

export interface JolpicaHarness {
  fake: FakeJolpica
  /** What a test's platform takes from the harness (tests/helpers/platform.ts testPlatform). */
  platform: Pick<Platform, 'external'>
  close: () => Promise<void>
}

/** The fake Jolpica-F1 on 127.0.0.1, and the app's services pointed at it (a short timeout for hanging answers). */
export async function startJolpicaHarness(): Promise<JolpicaHarness> {
  const fake = await startFakeJolpica()
  const external = withExternalOverrides(externalConfigFromEnv(), {
    jolpica: { baseUrl: fake.baseUrl },
    timeoutMs: 1_500,
  })
  return {
    fake,
    platform: { external },
    close: () => fake.close(),
  }
}
