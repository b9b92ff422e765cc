import { defineConfig } from 'vitest/config'
import { makeProcessEnvHermetic } from './test-support/hermetic-env.ts'
import { findPgBouncer } from './test-support/pgbouncer.ts'
import { findPgBin } from './test-support/postgres15.ts'
import LongestFirst from './tests/setup/longest-first.ts'
import { TEST_WORKERS } from './tests/setup/workers.ts'

// Hermetic however Vitest is started (`npm test` or `npx vitest`): before any test module reads the
// environment, only the allow-listed variables and the test settings of the site remain, plus
// Vitest's and Vite's own (docs/decisions/0010-hermetic-tests.md). The database projects set their
// own DATABASE_URL (tests/setup/db.setup.ts).
makeProcessEnvHermetic((name) => name === 'NODE_ENV' || name === 'TEST' || name.startsWith('VITE'))

// `npm test` runs Vitest at the lowest CPU priority beside the browser tests (scripts/test.ts):
// while the site under test builds, Vitest gets almost no CPU for tens of seconds, and a test that
// hashes a password nine times took over 30 s of wall clock in CI. The timeouts catch hangs, not
// slowness, so there they are scaled up.
const timeoutScale = Math.max(1, Number(process.env.VITEST_TIMEOUT_SCALE) || 1)
const testTimeout = 30_000 * timeoutScale
const hookTimeout = 60_000 * timeoutScale

// Every project: a stray console.error fails the test (docs/decisions/0020).
const consoleErrorSetup = 'tests/setup/console-error.setup.ts'
const dbTests = ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts']

// The data and API tests run once, on the production engine when this machine has it: PostgreSQL 15
// through PgBouncer in transaction mode with production's client options (`pooler`), or PostgreSQL
// 15 directly where PgBouncer is missing and cannot be installed (`pg15`). Only without PostgreSQL
// 15 do they run on PGlite. PGlite, the embedded default of `npm start`, is what the end-to-end site
// runs on, so every browser test goes through it, and its server has its own tests
// (tests/integration/embedded-*.test.ts, database-kill.test.ts); running the API tests on it as
// well cost 200 of Vitest's 570 CPU seconds (docs/decisions/0014). VITEST_DB=pglite runs them on
// PGlite anyway, to look into a difference between the two.
// Every project runs its files in parallel: each database project prepares one database per worker
// slot and a file uses the one of its slot (tests/setup/workers.ts).
// No project may set `fileParallelism: false` or its own worker count: Vitest 5 runs such files in
// one queue after everything else (one file at a time across all projects).
const hasPostgres = process.env.VITEST_DB !== 'pglite' && findPgBin() !== null
if (!hasPostgres) console.warn('[vitest] PostgreSQL 15: not found or not chosen: the data and API tests run on PGlite.')
// The pooler project's global setup installs Debian's pgbouncer when it is missing and we are root.
const hasPooler = hasPostgres && (findPgBouncer() !== null || process.getuid?.() === 0)
if (hasPostgres && !hasPooler) console.warn('[vitest] PgBouncer not found: PostgreSQL 15 is tested directly.')

/** The project that runs the data and API tests, on the engine chosen above. */
function databaseProject(name: string, globalSetup: string, include: string[]) {
  return {
    extends: true as const,
    test: {
      name,
      // A worker keeps the app's modules between files (each file still has its own database
      // state: it resets its tables): a quarter of the time went to importing them again.
      isolate: false,
      include,
      globalSetup: [globalSetup],
      setupFiles: [consoleErrorSetup, 'tests/setup/db.setup.ts'],
      testTimeout,
      hookTimeout,
    },
  }
}

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    // The slowest files first, whatever their project (tests/setup/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          setupFiles: [consoleErrorSetup],
          // They share the machine with the database projects: a property test may take seconds.
          testTimeout,
          // Stopping a database server the test started may take seconds on a loaded machine.
          hookTimeout,
          include: [
            'src/lib/**/*.test.ts',
            // The public islands rendered as their pages hold them (decision 0704).
            'src/components/**/*.test.tsx',
            'scripts/**/*.test.ts',
            // The local platform's own tests (packages/local-platform/README.md).
            'packages/*/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
        },
      },
      hasPooler
        ? // Production's path: the API through the transaction pooler, and the built functions.
          databaseProject('pooler', 'tests/setup/pgbouncer.global.ts', [...dbTests, 'tests/deploy/**/*.test.ts'])
        : hasPostgres
          ? databaseProject('pg15', 'tests/setup/postgres15.global.ts', dbTests)
          : databaseProject('pglite', 'tests/setup/pglite.global.ts', dbTests),
    ],
  },
})
