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
