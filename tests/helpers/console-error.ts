import { vi, type MockInstance } from 'vitest'

/**
 * A stray `console.error` fails the test that caused it (tests/setup/console-error.setup.ts): an
 * error the code logs is one the test did not look at. A test that means to provoke one says so:
 *
 *   const consoleError = expectConsoleError()
 *   ...
 *   expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('[api]'), expect.any(Error))
 *
 * The returned spy keeps the calls and prints nothing; it lasts until the end of the test.
 */
export function expectConsoleError(): MockInstance<typeof console.error> {
  state.expected = true
  return current().mockImplementation(() => {})
}

const state: { spy?: MockInstance<typeof console.error>; expected: boolean } = { expected: false }

function current(): MockInstance<typeof console.error> {
  if (!state.spy) throw new Error('expectConsoleError() is for use inside a test')
  return state.spy
}

/** Before each test (the setup file): console.error still prints, and is recorded. */
export function watchConsoleError(): void {
  state.expected = false
  state.spy = vi.spyOn(console, 'error')
}

/** After each test (the setup file): the calls nobody expected, then console.error as it was. */
export function strayConsoleErrors(): unknown[][] {
  const calls = state.expected ? [] : [...(state.spy?.mock.calls ?? [])]
  state.spy?.mockRestore()
  state.spy = undefined
  state.expected = false
  return calls
}
