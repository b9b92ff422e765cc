import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startVitest } from 'vitest/node'

/**
 * The rule of docs/decisions/0020: Vitest with the projects' setup file runs a fixture of three
 * tests, and only the one with an unexpected console.error fails.
 */
describe('a stray console.error', () => {
  it('fails the test that logged it, and only that one', async () => {
    const root = path.resolve(import.meta.dirname, '../..')
    // The inner run marks the process failed when its fixture fails, which is the point here.
    const exitCode = process.exitCode
    const vitest = await startVitest('test', [], {
      root,
      config: false,
      watch: false,
      reporters: [],
      include: ['tests/fixtures/console-error/stray.fixture.ts'],
      setupFiles: ['tests/setup/console-error.setup.ts'],
    })
    const outcomes = Object.fromEntries(
      vitest.state.getFiles().flatMap((file) => file.tasks.map((task) => [task.name, task.result?.state])),
    )
    await vitest.close()
    process.exitCode = exitCode
    expect(outcomes).toEqual({
      'logs an error nobody expects': 'fail',
      'logs an error it expects': 'pass',
      'logs nothing': 'pass',
    })
  })
})
