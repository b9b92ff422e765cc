import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from './client.ts'

/**
 * Every role is a member of PUBLIC, Supabase's `anon` and `authenticated` too, and PostgreSQL lets
 * PUBLIC execute a new function unless a default privilege says otherwise (decision 0213). Here, on
 * the embedded database and on PostgreSQL 15 behind the pooler, as the role that ran the migrations.
 */
describe('functions created after the migrations', () => {
  it('are not executable by PUBLIC, and still by their owner', async () => {
    await db().execute(
      sql.raw(`create or replace function later_function() returns text language sql as $$ select 'mine' $$`),
    )
    try {
      const rows = await db().execute<{ public_execute: boolean; answer: string }>(sql`
        select exists (
          select 1 from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) acl
          where p.oid = 'later_function()'::regprocedure and acl.grantee = 0 and acl.privilege_type = 'EXECUTE'
        ) as public_execute, later_function() as answer`)
      expect([...rows][0]).toEqual({ public_execute: false, answer: 'mine' })
    } finally {
      await db().execute(sql.raw('drop function later_function()'))
    }
  })
})
