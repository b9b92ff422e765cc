import { rawSql } from '../../src/server/db/client.ts'

/**
 * An md5 of every row of every table, as tests/api/write-fuzz.test.ts takes it: equal before and
 * after a refused request proves the request changed nothing. The sessions' last_seen_at is left
 * out (refreshing it is not a change of data).
 */
export async function databaseDigest(): Promise<string> {
  const sql = rawSql()
  const tables = await sql<
    { tablename: string }[]
  >`select tablename from pg_tables where schemaname = 'public' order by tablename`
  const parts = tables.map(({ tablename }) =>
    tablename === 'admin_sessions'
      ? `select 'admin_sessions:' || coalesce(string_agg(id_hash || expires_at::text, ',' order by id_hash), '') as x from admin_sessions`
      : `select '${tablename}:' || coalesce(string_agg(t::text, ',' order by t::text), '') as x from "${tablename}" t`,
  )
  const [row] = await sql.unsafe<{ d: string }[]>(
    `select md5(string_agg(x, '|')) as d from (${parts.join(' union all ')}) as all_tables`,
  )
  return row!.d
}
