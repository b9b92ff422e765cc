import { defineConfig } from 'vitest/config'
import { findPgBin } from './tests/setup/postgres15.ts'

const dbTests = ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts']

// Data and API tests run twice: on PGlite (the embedded default) and on PostgreSQL 15 when its
// binaries are on this machine. Files run one at a time per database: they share one database.
const hasPostgres = findPgBin() !== null
if (!hasPostgres) console.warn('[vitest] PostgreSQL 15 binaries not found: the pg15 project is skipped.')

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
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
          include: dbTests,
          globalSetup: ['tests/setup/pglite.global.ts'],
          setupFiles: ['tests/setup/db.setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'pg15',
                include: dbTests,
                globalSetup: ['tests/setup/postgres15.global.ts'],
                setupFiles: ['tests/setup/db.setup.ts'],
                fileParallelism: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
