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

/**
 * Empties every table and puts back the default rows: each test starts from a fresh database.
 * Only the tables that hold a row are emptied, by DELETE with the foreign keys' triggers off for the
 * transaction (a test leaves a few rows; TRUNCATE gives each table a new file), and every id
 * sequence set back to its start: truncating all 57 tables cost the server 32 ms of CPU per test,
 * about 15 s of every Vitest run (issue 41); this costs a few.
 */
export async function resetDatabase(): Promise<void> {
  const sql = rawSql()
  const tables = await sql<{ tablename: string }[]>`
    select tablename from pg_tables where schemaname = 'public'`
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
  await sql.begin(async (tx) => {
    if (tables.length) {
      // First the lock TRUNCATE took: a write still under way from the test before (a purge, an
      // audit row the route did not wait for) ends before the tables are emptied, not after.
      await tx.unsafe(`lock table ${tables.map((t) => quote(t.tablename)).join(', ')} in access exclusive mode`)
      const holding = await tx.unsafe<{ name: string }[]>(
        tables
          .map(
            ({ tablename }) =>
              `select ${quoteLiteral(tablename)} as name where exists (select 1 from ${quote(tablename)})`,
          )
          .join(' union all '),
      )
      if (holding.length) {
        await tx.unsafe('set local session_replication_role = replica')
        for (const { name } of holding) await tx.unsafe(`delete from ${quote(name)}`)
        await tx.unsafe('set local session_replication_role = origin')
      }
    }
    // Every sequence starts again: a table a test emptied itself, and one a restore set past its rows
    // (setval's is_called false, which pg_sequences shows as never used).
    await tx`
      select setval(format('%I.%I', schemaname, sequencename), start_value, false)
      from pg_sequences where schemaname = 'public'`
    for (const statement of defaultRowsSql) await tx.unsafe(statement)
  })
}

const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`

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
