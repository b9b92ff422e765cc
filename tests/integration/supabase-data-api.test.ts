import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { findPgBin, startTempPostgres, withDatabase, type TempPostgres } from '../../test-support/postgres15.ts'

/**
 * Supabase's Data API (PostgREST) serves the `public` schema to anyone holding the project's public
 * anon key, as the role `anon` (or `authenticated` with a user's token). Supabase grants those roles
 * every privilege on what the project's owner creates in `public`. This test builds that set-up on a
 * real PostgreSQL 15 (the roles, the schema grant and the default privileges Supabase ships), applies
 * our migrations as a non-superuser owner, as Supabase's `postgres` role is, and proves that `anon`
 * and `authenticated` can read and write nothing, while the site (the owner) still can.
 */
const apiRoles = ['anon', 'authenticated'] as const

let cluster: TempPostgres
let superuser: postgres.Sql
let owner: postgres.Sql
let tables: string[]

beforeAll(async () => {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL 15 server binaries not found (install postgresql-15 or set PG_BIN).')
  cluster = await startTempPostgres(bin)
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} })
  try {
    // Supabase's roles and grants (supabase/postgres: roles and default privileges for `postgres`).
    await admin.unsafe(`
      create role site_owner login password 'owner';
      create role anon nologin noinherit;
      create role authenticated nologin noinherit;
      create role service_role nologin noinherit bypassrls;
    `)
    await admin.unsafe(`create database supabase_like owner site_owner template template0 encoding 'UTF8'`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const databaseUrl = withDatabase(cluster.url, 'supabase_like')
  superuser = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  await superuser.unsafe(`
    grant usage on schema public to anon, authenticated, service_role;
    alter default privileges for role site_owner in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges for role site_owner in schema public grant all on sequences to anon, authenticated, service_role;
    alter default privileges for role site_owner in schema public grant all on functions to anon, authenticated, service_role;
  `)
  const ownerUrl = new URL(databaseUrl)
  ownerUrl.username = 'site_owner'
  ownerUrl.password = 'owner'
  await runMigrations(ownerUrl.toString())
  owner = postgres(ownerUrl.toString(), { max: 1, onnotice: () => {} })
  tables = (
    await superuser<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public' order by 1`
  ).map((row) => row.name)
}, 120_000)

afterAll(async () => {
  await owner?.end({ timeout: 5 })
  await superuser?.end({ timeout: 5 })
  cluster?.stop()
})

/** Runs `statement` as `role` in a transaction that is always rolled back; returns the SQLSTATE, or 'ok'. */
async function asRole(role: string, statement: string): Promise<string> {
  try {
    await superuser.begin(async (tx) => {
      await tx.unsafe(`set local role ${role}`)
      await tx.unsafe(statement)
      throw new RolledBack()
    })
  } catch (error) {
    if (error instanceof RolledBack) return 'ok'
    return (error as { code?: string }).code ?? String(error)
  }
  return 'ok'
}
class RolledBack extends Error {}

describe('Supabase Data API roles', () => {
  it('finds every table of the schema, the admin credentials and sessions among them', () => {
    expect(tables.length).toBeGreaterThanOrEqual(22)
    expect(tables).toEqual(expect.arrayContaining(['admin_credentials', 'admin_sessions', 'news_articles']))
  })

  it('has row level security on every table in public', async () => {
    const open = await superuser<{ name: string }[]>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`
    expect(open.map((row) => row.name)).toEqual([])
  })

  it.each(apiRoles)('gives %s no privilege on any table, sequence or function in public', async (role) => {
    const tablePrivileges = await superuser<{ name: string }[]>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
        and has_table_privilege(${role}, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')`
    expect(tablePrivileges.map((row) => row.name)).toEqual([])
    // `offset 0` keeps the relkind filter ahead of has_sequence_privilege, which fails on non-sequences.
    const sequencePrivileges = await superuser<{ name: string }[]>`
      select name from (
        select c.relname as name, c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' offset 0
      ) s where has_sequence_privilege(${role}, s.oid, 'USAGE, SELECT, UPDATE')`
    expect(sequencePrivileges.map((row) => row.name)).toEqual([])
    const functions = await superuser<{ name: string }[]>`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege(${role}, p.oid, 'EXECUTE')`
    expect(functions.map((row) => row.name)).toEqual([])
  })

  it.each(apiRoles)('refuses %s reading the admin password hash and planting a session', async (role) => {
    await owner`insert into admin_credentials (id, password_hash) values (1, 'scrypt$owner') on conflict (id) do nothing`
    expect(await asRole(role, 'select password_hash from admin_credentials')).toBe('42501')
    expect(
      await asRole(
        role,
        `insert into admin_sessions (id_hash, expires_at) values ('attacker', now() + interval '1 day')`,
      ),
    ).toBe('42501')
    expect(await asRole(role, `update admin_credentials set password_hash = 'attacker'`)).toBe('42501')
    expect(await asRole(role, 'delete from admin_sessions')).toBe('42501')
  })

  it.each(apiRoles)('refuses %s every read and every write on every table', async (role) => {
    const allowed: string[] = []
    for (const table of tables) {
      const [column] = await superuser<{ name: string }[]>`
        select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position limit 1`
      for (const statement of [
        `select * from "${table}" limit 1`,
        `insert into "${table}" default values`,
        `update "${table}" set "${column!.name}" = "${column!.name}" where false`,
        `delete from "${table}" where false`,
        `truncate "${table}"`,
      ]) {
        if ((await asRole(role, statement)) !== '42501') allowed.push(statement)
      }
    }
    expect(allowed).toEqual([])
  })

  it('keeps tables created by later migrations closed to anon', async () => {
    await owner.unsafe('create table later_table (id serial primary key, secret text)')
    try {
      expect(await asRole('anon', 'select * from later_table')).toBe('42501')
      expect(await asRole('anon', `insert into later_table (secret) values ('x')`)).toBe('42501')
    } finally {
      await owner.unsafe('drop table later_table')
    }
  })

  it('keeps functions created by later migrations closed to anon and authenticated', async () => {
    // PUBLIC may execute a new function unless a default privilege says otherwise, and both roles
    // are members of PUBLIC: revoking from the roles themselves is not enough.
    await owner.unsafe(`create function later_function() returns text language sql as $$ select 'secret' $$`)
    try {
      for (const role of apiRoles) expect(await asRole(role, 'select later_function()')).toBe('42501')
      expect((await owner<{ answer: string }[]>`select later_function() as answer`)[0]?.answer).toBe('secret')
    } finally {
      await owner.unsafe('drop function later_function()')
    }
  })

  it('keeps pg_trgm out of the exposed schema, and the trigram search working for the site', async () => {
    const [extension] = await superuser<{ schema: string }[]>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`
    expect(extension?.schema).toBe('extensions')
    await owner`insert into news_articles (title, content, author, category)
      values ('Le Mans night stint', '<p>Rain at Le Mans</p>', 'Desk', 'endurance')`
    const found = await owner<
      { title: string }[]
    >`select title from news_articles where search_text ilike ${'%le mans%'}`
    expect(found.map((row) => row.title)).toContain('Le Mans night stint')
  })
})
