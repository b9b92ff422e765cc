import { configureExternal } from '../../src/server/external/config.ts'
import { startFakeJolpica, type FakeJolpica } from '../fakes/jolpica-server.ts'

export interface JolpicaHarness {
  fake: FakeJolpica
  close: () => Promise<void>
}

/** The fake Jolpica-F1 on 127.0.0.1, with the app pointed at it (a short timeout for hanging answers). */
export async function startJolpicaHarness(): Promise<JolpicaHarness> {
  const fake = await startFakeJolpica()
  const undo = configureExternal({ jolpica: { baseUrl: fake.baseUrl }, timeoutMs: 1_500 })
  return {
    fake,
    close: async () => {
      undo()
      await fake.close()
    },
  }
}
