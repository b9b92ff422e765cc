import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { migrationsFolder } from '../../src/server/db/migrate.ts'
import { rawSql } from '../../src/server/db/client.ts'

/** SQL of the migrations that insert the rows every database must have (ai_settings, publish_state, ...). */
const defaultRowsSql = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('_defaults.sql'))
  .map((f) => readFileSync(path.join(migrationsFolder, f), 'utf8'))
  .join('\n')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean)

/** Empties every table and puts back the default rows: each test starts from a fresh database. */
export async function resetDatabase(): Promise<void> {
  const sql = rawSql()
  const tables = await sql<{ tablename: string }[]>`
    select tablename from pg_tables where schemaname = 'public'`
  if (tables.length) {
    await sql.unsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`)
  }
  for (const statement of defaultRowsSql) await sql.unsafe(statement)
}

/**
 * A deploy budget so large that it never holds a build hook call back (docs/decisions/0204): for
 * the tests of the debounce window, which the budget would otherwise space out over days.
 */
export async function givenUnlimitedDeploys(): Promise<void> {
  const { publishState } = await import('../../src/server/db/schema.ts')
  const { db } = await import('../../src/server/db/client.ts')
  await db()
    .insert(publishState)
    .values({ id: 1, monthlyDeployBudget: 100_000 })
    .onConflictDoUpdate({ target: publishState.id, set: { monthlyDeployBudget: 100_000 } })
}
