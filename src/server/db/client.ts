import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { databaseUrl, env } from '../../env.server.ts'
import * as schema from './schema.ts'

export type Database = PostgresJsDatabase<typeof schema>

let client: postgres.Sql | undefined
let database: Database | undefined

/**
 * The options of the one pool a process holds (docs/decisions/0301 and 0302):
 * - `prepare: false`: Supabase's transaction pooler and our embedded PGlite wire server
 *   (scripts/lib/pglite-wire-server.ts, decision 0002) hand one server session to many clients,
 *   where named prepared statements would collide (decision 0003);
 * - `max`: one connection per function instance by default (it serves one request at a time;
 *   postgres.js pipelines parallel queries on it), so N cold instances hold at most N pooler clients;
 * - `idle_timeout`: an instance that stops getting requests gives its pooler client back;
 * - `max_lifetime`: connections are renewed now and then, so a pooler restart is never a surprise;
 * - `max_pipeline: 0`: one query at a time on a connection. postgres.js otherwise writes the next
 *   query before the last one's ReadyForQuery; a transaction pooler that does not track pipelines
 *   (PgBouncer before 1.21, as in Debian 12) gives the server connection to another client at that
 *   ReadyForQuery and drops the answers of the next query, which then waits forever
 *   ("got packet '1' from server when not linked"; decision 0301). Not in postgres.js's types.
 */
export const poolOptions = {
  prepare: false,
  max: env.DATABASE_POOL_MAX,
  idle_timeout: env.DATABASE_IDLE_TIMEOUT,
  max_lifetime: 30 * 60,
  connect_timeout: 10,
  onnotice: () => {},
  max_pipeline: 0,
} satisfies postgres.Options<Record<string, never>> & { max_pipeline: number }

/** One postgres.js pool per process (per function instance), created on first use and reused. */
export function db(): Database {
  if (!database) {
    client = postgres(databaseUrl, poolOptions)
    database = drizzle(client, { schema })
  }
  return database
}

export function rawSql(): postgres.Sql {
  db()
  return client as postgres.Sql
}

export async function closeDb(): Promise<void> {
  const c = client
  client = undefined
  database = undefined
  await c?.end({ timeout: 5 })
}
