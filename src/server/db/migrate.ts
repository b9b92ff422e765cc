import path from 'node:path'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { db } from './client.ts'

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../supabase/migrations')

/**
 * Applies every migration not yet applied; safe to run again and again.
 * With a url, uses a short-lived connection of its own (test set-up, benchmarks).
 */
export async function runMigrations(url?: string): Promise<void> {
  if (!url) return migrate(db(), { migrationsFolder })
  const client = postgres(url, { prepare: false, max: 1, onnotice: () => {} })
  try {
    await migrate(drizzle(client), { migrationsFolder })
  } finally {
    await client.end({ timeout: 5 })
  }
}
