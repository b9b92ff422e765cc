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
    const lines: string[] = []
    const failures: string[] = []
    for (const [project, tests] of byProject(this.tests)) {
      const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }
      let first = Infinity
      let last = 0
      for (const test of tests) {
        const outcome = test.outcome()
        counts[outcome]++
        if (outcome === 'unexpected' || outcome === 'flaky') failures.push(describeFailure(test, outcome))
        for (const run of test.results) {
          first = Math.min(first, run.startTime.getTime())
          last = Math.max(last, run.startTime.getTime() + run.duration)
        }
      }
      // From its first test's start to its last test's end: the phase's wall time.
      const span = last > first ? ` in ${((last - first) / 60_000).toFixed(1)} min` : ''
      lines.push(
        `Playwright ${project}: ${counts.unexpected ? 'failed' : 'passed'}${span} (${counts.expected} passed, ` +
          `${counts.unexpected} failed, ${counts.flaky} flaky, ${counts.skipped} skipped)`,
      )
    }
    if (lines.length === 0) lines.push(`Playwright: ${result.status} (no test ran)`)
    appendFileSync(this.file, [...lines, ...failures, ...slowestFiles(this.tests)].join('\n') + '\n')
  }
}

/** The ten spec files whose tests took longest (every attempt counted), with their project: where the time goes. */
function slowestFiles(tests: Iterable<TestCase>): string[] {
  const files = new Map<string, number>()
  for (const test of tests) {
    const key = `${relative(process.cwd(), test.location.file)} [${test.parent.project()?.name ?? 'playwright'}]`
    files.set(key, (files.get(key) ?? 0) + test.results.reduce((ms, r) => ms + r.duration, 0))
  }
  const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 10)
  if (slowest.length === 0) return []
  return [
    'Playwright, the ten slowest spec files:',
    ...slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1)} s  ${file}`),
  ]
}

/** The run's tests by the project they ran in, in the order the projects first appear. */
function byProject(tests: Iterable<TestCase>): Map<string, TestCase[]> {
  const projects = new Map<string, TestCase[]>()
  for (const test of tests) {
    const name = test.parent.project()?.name ?? 'playwright'
    projects.set(name, [...(projects.get(name) ?? []), test])
  }
  return projects
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
