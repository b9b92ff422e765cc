import { appendFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Writes a short account of a Playwright run (counts, then each failed or flaky test with the first
 * lines of its error) to the file named by E2E_SUMMARY_FILE. `npm test` prints it at the very end,
 * after Vitest's long output, because CI keeps only the tail of a run: without it a failed browser
 * test left nothing to read but "exit 1".
 */
export default class SummaryReporter implements Reporter {
  private readonly file = process.env.E2E_SUMMARY_FILE
  private readonly tests = new Set<TestCase>()

  printsToStdio(): boolean {
    return false
  }

  onTestEnd(test: TestCase): void {
    // Called once per attempt; a retried test's outcome is read once all its attempts are done.
    this.tests.add(test)
  }

  onEnd(result: FullResult): void {
    if (!this.file) return
    const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }
    const failures: string[] = []
    for (const test of this.tests) {
      const outcome = test.outcome()
      counts[outcome]++
      if (outcome === 'unexpected' || outcome === 'flaky') failures.push(describeFailure(test, outcome))
    }
    const project = process.env.E2E_SUMMARY_PROJECT ?? 'playwright'
    const head =
      `Playwright ${project}: ${result.status} (${counts.expected} passed, ${counts.unexpected} failed, ` +
      `${counts.flaky} flaky, ${counts.skipped} skipped)`
    appendFileSync(this.file, [head, ...failures].join('\n') + '\n')
  }
}

function describeFailure(test: TestCase, outcome: 'unexpected' | 'flaky'): string {
  const where = `${relative(process.cwd(), test.location.file)}:${test.location.line}`
  const title = test.titlePath().filter(Boolean).slice(1).join(' › ')
  const firstError = test.results.flatMap((r: TestResult) => r.errors)[0]
  const message = (firstError?.message ?? firstError?.value ?? '')
    // Without the terminal's colour codes.
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, 8)
    .map((line) => `      ${line}`)
    .join('\n')
  return `  ${outcome === 'flaky' ? 'FLAKY (passed on retry)' : 'FAILED'}: ${title}\n    ${where}\n${message}`
}
