import { configDefaults, defineConfig } from 'vitest/config'
import { makeProcessEnvHermetic } from './scripts/local-platform/hermetic-env.ts'
import { findPgBouncer } from './tests/setup/pgbouncer.ts'
import { findPgBin } from './tests/setup/postgres15.ts'
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
// Thousands of malformed requests: input handling, which the database behind does not change.
// It runs on PGlite only (docs/decisions/0014).
const pgliteOnly = ['tests/api/write-fuzz.test.ts']

// Data and API tests run twice (docs/decisions/0014): on PGlite (the embedded default) and on
// PostgreSQL 15 through PgBouncer in transaction mode with production's client options (the
// `pooler` project). Without PgBouncer (and not root to install it), on PostgreSQL 15 directly
// (`pg15`). Every project runs its files in parallel: each database project prepares one database
// per worker slot and a file uses the one of its slot (tests/setup/workers.ts).
// No project may set `fileParallelism: false` or its own worker count: Vitest 5 runs such files in
// one queue after everything else (one file at a time across all projects).
const hasPostgres = findPgBin() !== null
if (!hasPostgres) console.warn('[vitest] PostgreSQL 15 binaries not found: the pg15 project is skipped.')
// The pooler project's global setup installs Debian's pgbouncer when it is missing and we are root.
const hasPooler = hasPostgres && (findPgBouncer() !== null || process.getuid?.() === 0)
if (hasPostgres && !hasPooler) console.warn('[vitest] PgBouncer not found: PostgreSQL 15 is tested directly.')

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
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
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          // A worker keeps the app's modules between files (each file still has its own database
          // state: it resets its tables): a quarter of the time went to importing them again.
          isolate: false,
          include: dbTests,
          globalSetup: ['tests/setup/pglite.global.ts'],
          setupFiles: [consoleErrorSetup, 'tests/setup/db.setup.ts'],
          testTimeout,
          hookTimeout,
        },
      },
      ...(hasPostgres && !hasPooler
        ? [
            {
              extends: true as const,
              test: {
                name: 'pg15',
                isolate: false,
                include: dbTests,
                globalSetup: ['tests/setup/postgres15.global.ts'],
                setupFiles: [consoleErrorSetup, 'tests/setup/db.setup.ts'],
                testTimeout,
                hookTimeout,
              },
            },
          ]
        : []),
      ...(hasPooler
        ? [
            {
              extends: true as const,
              test: {
                name: 'pooler',
                isolate: false,
                // Production's path: the API through the transaction pooler, and the built functions.
                include: [...dbTests, 'tests/deploy/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ...pgliteOnly],
                globalSetup: ['tests/setup/pgbouncer.global.ts'],
                setupFiles: [consoleErrorSetup, 'tests/setup/db.setup.ts'],
                testTimeout,
                hookTimeout,
              },
            },
          ]
        : []),
    ],
  },
})
