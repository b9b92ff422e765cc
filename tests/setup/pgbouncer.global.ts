import type { TestProject } from 'vitest/node'
import { ensurePgBouncer, startPgBouncer } from '../../test-support/pgbouncer.ts'
import { createTestDatabases, findPgBin, startTempPostgres, withDatabase } from '../../test-support/postgres15.ts'
import { TEST_WORKERS } from './workers.ts'

/**
 * The data and API tests once more, through PgBouncer in transaction mode in front of a
 * PostgreSQL 15, as production reaches Supabase through its transaction pooler
 * (docs/decisions/0301-transaction-pooler.md). Migrations go to the server directly, as
 * `npm run db:migrate` does in production with the direct connection URL. One database per
 * worker slot (tests/setup/workers.ts), behind the one PgBouncer.
 */
export default async function setup(project: TestProject) {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN)')
  const bouncer = ensurePgBouncer()
  if (!bouncer) throw new Error('PgBouncer not found: install it with `sudo apt-get install -y pgbouncer`')
  const pg = await startTempPostgres(bin)
  // One database per worker slot, each reached through the one pooler.
  const names = await createTestDatabases(pg.url, TEST_WORKERS).catch((error: unknown) => {
    pg.stop()
    throw error
  })
  const pooler = await startPgBouncer(bouncer, { serverPort: Number(new URL(pg.url).port), poolSize: 10 })
  project.provide(
    'databaseUrls',
    names.map((name) => withDatabase(pooler.url, name)),
  )
  project.provide('poolerAdminUrl', pooler.adminUrl)
  return async () => {
    await pooler.stop()
    pg.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PgBouncer's admin console, in the pooler project only. */
    poolerAdminUrl?: string
  }
}
