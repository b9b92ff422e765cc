import path from 'node:path'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../supabase/migrations')

/**
 * Applies every migration not yet applied; safe to run again and again.
 * With a url, uses a short-lived connection of its own (test set-up, benchmarks).
 * Without one, the process's own database. The client (and with it the environment) is imported
 * only then: a script that imports this module before it chooses its database (bench:load starts
 * a scratch cluster first) must not have the environment's database captured at import.
 */
export async function runMigrations(url?: string): Promise<void> {
  if (!url) {
    const { db } = await import('./client.ts')
    return migrate(db(), { migrationsFolder })
  }
  const client = postgres(url, { prepare: false, max: 1, onnotice: () => {} })
  try {
    await migrate(drizzle(client), { migrationsFolder })
  } finally {
    await client.end({ timeout: 5 })
  }
}
