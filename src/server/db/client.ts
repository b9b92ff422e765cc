import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { env } from '../../env.server.ts'
import { databaseUrl } from './database-url.ts'
import { guardedPool } from './guarded-pool.ts'
import * as schema from './schema.ts'

export { ConnectionLostError, StatementTimeoutError, withDeadline } from './guarded-pool.ts'

export type Database = PostgresJsDatabase<typeof schema>

let pool: ReturnType<typeof guardedPool> | undefined
let database: Database | undefined

/**
 * The options of the one pool a process holds (docs/decisions/0301 and 0302):
 * - `prepare: false`: Supabase's transaction pooler and our embedded PGlite wire server
 *   (packages/local-platform/pglite-wire-server.ts, decision 0002) hand one server session to many clients,
 *   where named prepared statements would collide (decision 0003);
 * - `max`: one connection per function instance by default (it serves one request at a time;
 *   postgres.js pipelines parallel queries on it), so N cold instances hold at most N pooler clients;
 * - `idle_timeout`: an instance that stops getting requests gives its pooler client back;
 * - `max_lifetime`: connections are renewed now and then, so a pooler restart is never a surprise.
 */
export const poolOptions = {
  prepare: false,
  max: env.DATABASE_POOL_MAX,
  idle_timeout: env.DATABASE_IDLE_TIMEOUT,
  max_lifetime: 30 * 60,
  // A database that is away is reported quickly (503, decision 0304), not after a long hang.
  connect_timeout: env.DATABASE_CONNECT_TIMEOUT_S,
  // Seconds before the next connection attempt after `retries` failed ones. postgres.js's default
  // grows to 20 s (3^n / 100): after a 3 s outage the API stayed away for up to 20 s more, every
  // request waiting for that attempt. A new attempt is made only for a request, so a short wait
  // does not hammer a database that is away (decision 0304).
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  onnotice: () => {},
} satisfies postgres.Options<Record<string, never>>

/** One postgres.js pool per process (per function instance), created on first use and reused. */
export function db(): Database {
  if (!database) {
    pool = guardedPool({
      connections: poolOptions.max,
      timeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      graceMs: GRACE_MS,
      connect: (onclose) => postgres(databaseUrl(), { ...poolOptions, onclose }),
    })
    database = drizzle(pool.sql, { schema })
  }
  return database
}

/**
 * How long a cancelled statement, or one whose connection closed, may take to end before it is
 * given up and the client replaced (src/server/db/guarded-pool.ts): postgres.js answers such a
 * query at once when it can, and a database that is back must be used again within seconds.
 */
const GRACE_MS = 1000

/** The client in use, without the one-statement queue (tests and benchmarks read with it). */
export function rawSql(): postgres.Sql {
  db()
  return pool!.current()
}

export async function closeDb(): Promise<void> {
  const closing = pool?.current()
  pool = undefined
  database = undefined
  await closing?.end({ timeout: 5 })
}
