import type { TestProject } from 'vitest/node'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { findPgBin, startTempPostgres } from './postgres15.ts'

/** The same data and API tests on a real PostgreSQL 15, so nothing depends on a PGlite quirk. */
export default async function setup(project: TestProject) {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN)')
  const pg = await startTempPostgres(bin)
  await runMigrations(pg.url)
  project.provide('databaseUrl', pg.url)
  return () => pg.stop()
}
