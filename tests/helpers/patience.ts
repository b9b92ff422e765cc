/**
 * A wait or time limit in a test, scaled as vitest.config.ts scales its timeouts: `npm test` runs
 * Vitest niced beside the browser tests (VITEST_TIMEOUT_SCALE), where it may get no CPU for tens
 * of seconds. The limits catch a hang, never slowness; a benchmark measures speed.
 */
export function patience(ms: number): number {
  return ms * Math.max(1, Number(process.env.VITEST_TIMEOUT_SCALE) || 1)
}
