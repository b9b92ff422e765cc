import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { migrationsFolder } from '../../src/server/db/migrate.ts'
import { rawSql } from '../../src/server/db/client.ts'
import { testPurgers } from './platform.ts'

/** SQL of the migrations that insert the rows every database must have (ai_settings, publish_state, ...). */
const defaultRowsSql = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('_defaults.sql'))
  .map((f) => readFileSync(path.join(migrationsFolder, f), 'utf8'))
  .join('\n')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean)

/**
 * Empties every table and puts back the default rows: each test starts from a fresh database.
 * Only the tables written since they were last emptied (their heap is not empty) are truncated:
 * a test writes to a few of the 57, and truncating them all (each a new file for PostgreSQL) cost
 * the server 32 ms of CPU per test, about 15 s of every Vitest run (issue 41). A table with an
 * empty heap is as a truncated one; every id sequence is set back too (one a restore set past its
 * rows as well). First the background work of the test before ends (a purge's ledger row), and
 * every table is locked as TRUNCATE locked them all: a write still under way lands before, not after.
 */
export async function resetDatabase(): Promise<void> {
  await Promise.all([...testPurgers].map((purger) => purger.idle()))
  const sql = rawSql()
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
  await sql.begin(async (tx) => {
    const tables = await tx<{ tablename: string; written: boolean }[]>`
      select tablename, pg_relation_size(format('%I.%I', schemaname, tablename)) > 0 as written
      from pg_tables where schemaname = 'public'`
    if (tables.length) {
      await tx.unsafe(`lock table ${tables.map((t) => quote(t.tablename)).join(', ')} in access exclusive mode`)
      const written = tables.filter((t) => t.written)
      if (written.length) {
        await tx.unsafe(`truncate ${written.map((t) => quote(t.tablename)).join(', ')} restart identity cascade`)
      }
    }
    await tx`
      select setval(format('%I.%I', schemaname, sequencename), start_value, false)
      from pg_sequences where schemaname = 'public'`
    for (const statement of defaultRowsSql) await tx.unsafe(statement)
  })
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
