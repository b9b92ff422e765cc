/**
 * How many test files Vitest runs at once, and so how many databases each database project
 * prepares: a file takes the database of its worker slot (VITEST_POOL_ID, 1..TEST_WORKERS), so
 * files that run side by side never share one (docs/decisions/0014-test-databases-side-by-side.md).
 * Three on this two-core machine: the database tests spend much of their time waiting on their
 * server, so a third file fills the gaps.
 */
export const TEST_WORKERS = 3

/** The database of the worker slot this test file runs in. */
export function databaseForWorker(urls: readonly string[]): string {
  const slot = Number(process.env.VITEST_POOL_ID ?? '1')
  const url = urls[(slot - 1) % urls.length]
  if (!url) throw new Error('No test database was prepared for this worker')
  return url
}
