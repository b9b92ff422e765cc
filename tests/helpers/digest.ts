import { rawSql } from '../../src/server/db/client.ts'

/**
 * The query of databaseDigest: an md5 of every row of every table there is now. The sessions'
 * last_seen_at is left out (refreshing it is not a change of data). Built once, it can be run many
 * times (tests/api/write-fuzz.test.ts takes a digest around each of its requests).
 */
export async function digestQuery(): Promise<string> {
  const tables = await rawSql()<
    { tablename: string }[]
  >`select tablename from pg_tables where schemaname = 'public' order by tablename`
  const parts = tables.map(({ tablename }) =>
    tablename === 'admin_sessions'
      ? `select 'admin_sessions:' || coalesce(string_agg(id_hash || expires_at::text, ',' order by id_hash), '') as x from admin_sessions`
      : `select '${tablename}:' || coalesce(string_agg(t::text, ',' order by t::text), '') as x from "${tablename}" t`,
  )
  return `select md5(string_agg(x, '|')) as d from (${parts.join(' union all ')}) as all_tables`
}

/** Equal before and after a refused request proves the request changed nothing. */
export async function databaseDigest(query?: string): Promise<string> {
  const [row] = await rawSql().unsafe<{ d: string }[]>(query ?? (await digestQuery()))
  return row!.d
}

/**
 * databaseDigest for a test that takes thousands of digests (tests/api/write-fuzz.test.ts): the same
 * query, kept in a function of the test's database so that each server connection plans it once
 * (PL/pgSQL keeps the plan of its statements), where the bare query was parsed and planned again
 * for every digest (6.7 ms of a request's 12 ms there). The tables are read when it is made, so a
 * test that adds tables makes it again. `drop` removes the function.
 */
export async function preparedDigest(): Promise<{ digest: () => Promise<string>; drop: () => Promise<void> }> {
  const name = `test_digest_${process.pid}`
  await rawSql().unsafe(
    `create or replace function ${name}() returns text language plpgsql as $body$ begin return (${await digestQuery()}); end $body$`,
  )
  return {
    async digest() {
      const [row] = await rawSql().unsafe<{ d: string }[]>(`select ${name}() as d`)
      return row!.d
    },
    drop: async () => void (await rawSql().unsafe(`drop function if exists ${name}()`)),
  }
}

/**
 * A count of the rows written to any table of the database since it was made, kept by triggers in a
 * schema of its own (so no digest reads it): an insert, a delete, an update that changes a value,
 * a truncate. Reading it is one row, where a digest reads every row of every table: a test that
 * checks thousands of requests (tests/api/write-fuzz.test.ts) reads the count after each one and a
 * full digest now and then. The sessions' last_seen_at is left out, as the digest leaves it out.
 * `drop` removes the schema and every trigger.
 */
export async function changeCounter(): Promise<{ changes: () => Promise<number>; drop: () => Promise<void> }> {
  const sql = rawSql()
  const schema = `test_changes_${process.pid}`
  const tables = await sql<{ tablename: string }[]>`
    select tablename from pg_tables where schemaname = 'public' order by tablename`
  const statements = [
    `create schema ${schema}`,
    `create table ${schema}.counter (n bigint not null)`,
    `insert into ${schema}.counter values (0)`,
    `create function ${schema}.count() returns trigger language plpgsql as $body$
       begin update ${schema}.counter set n = n + 1; return null; end $body$`,
    ...tables.flatMap(({ tablename }) => {
      const changed =
        tablename === 'admin_sessions'
          ? '(old.id_hash, old.expires_at) is distinct from (new.id_hash, new.expires_at)'
          : 'old.* is distinct from new.*'
      const on = `on "${tablename}"`
      return [
        `create trigger ${schema}_rows after insert or delete ${on} for each row execute function ${schema}.count()`,
        `create trigger ${schema}_updates after update ${on} for each row when (${changed}) execute function ${schema}.count()`,
        `create trigger ${schema}_truncate after truncate ${on} for each statement execute function ${schema}.count()`,
      ]
    }),
  ]
  await sql.begin(async (tx) => {
    for (const statement of statements) await tx.unsafe(statement)
  })
  return {
    async changes() {
      const [row] = await sql.unsafe<{ n: string }[]>(`select n from ${schema}.counter`)
      return Number(row!.n)
    },
    async drop() {
      await sql.begin(async (tx) => {
        for (const { tablename } of tables) {
          for (const kind of ['rows', 'updates', 'truncate']) {
            await tx.unsafe(`drop trigger if exists ${schema}_${kind} on "${tablename}"`)
          }
        }
        await tx.unsafe(`drop schema if exists ${schema} cascade`)
      })
    },
  }
}
