import type { TestProject } from 'vitest/node'
import { createTestDatabases, findPgBin, startTempPostgres, withDatabase } from '../../test-support/postgres15.ts'
import { TEST_WORKERS } from './workers.ts'

/** The same data and API tests on a real PostgreSQL 15, so nothing depends on a PGlite quirk. */
export default async function setup(project: TestProject) {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN)')
  const pg = await startTempPostgres(bin)
  try {
    const names = await createTestDatabases(pg.url, TEST_WORKERS)
    project.provide(
      'databaseUrls',
      names.map((name) => withDatabase(pg.url, name)),
    )
  } catch (error) {
    pg.stop()
    throw error
  }
  return () => pg.stop()
}
