import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { databaseUrl } from '../../env.server.ts'
import * as schema from './schema.ts'

export type Database = PostgresJsDatabase<typeof schema>

let client: postgres.Sql | undefined
let database: Database | undefined

/**
 * One postgres.js pool per process, created on first use.
 * `prepare: false` because both Supabase's transaction pooler and our embedded PGlite wire
 * server (scripts/lib/pglite-wire-server.ts, decision 0002) hand one server session to many
 * clients: named prepared statements would leak between them (decision 0003).
 */
export function db(): Database {
  if (!database) {
    client = postgres(databaseUrl, {
      prepare: false,
      max: 5,
      idle_timeout: 20,
      connect_timeout: 10,
      onnotice: () => {},
    })
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
