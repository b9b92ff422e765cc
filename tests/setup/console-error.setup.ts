import { afterEach, beforeEach } from 'vitest'
import { strayConsoleErrors, watchConsoleError } from '../helpers/console-error.ts'

// A test fails when something logs console.error during it and the test did not say it expects
// that with expectConsoleError() (tests/helpers/console-error.ts; docs/decisions/0020).
beforeEach(watchConsoleError)

afterEach(() => {
  const calls = strayConsoleErrors()
  if (calls.length === 0) return
  const first = calls[0]!.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')
  throw new Error(
    `console.error was called ${calls.length} time(s) during this test, first: ${first.slice(0, 500)}\n` +
      'Fix the cause, or call expectConsoleError() (tests/helpers/console-error.ts) if the test provokes it.',
  )
})
