import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Production reaches Postgres through a transaction pooler: between two transactions the next
 * statement may run on another server connection. What lives on a session is therefore unusable
 * (docs/decisions/0301-transaction-pooler.md). This scan keeps it out of the code that runs there.
 */
const unsafe: { rule: string; pattern: RegExp }[] = [
  {
    rule: 'session-level advisory lock (use pg_advisory_xact_lock in a transaction)',
    pattern: /pg_(try_)?advisory_lock(_shared)?\s*\(/i,
  },
  {
    rule: 'LISTEN/NOTIFY (the listener would not stay on one connection)',
    pattern: /(['"`]\s*(listen|unlisten)\s+\w)|\.listen\(\s*['"`]/i,
  },
  {
    rule: 'session setting (use SET LOCAL inside a transaction, or a connection option)',
    pattern: /['"`]\s*set\s+(session\s+)?(?!local\b)[a-z_.]+\s+(to|=)\s/i,
  },
  { rule: 'temporary table (lives on one server connection)', pattern: /create\s+(temp|temporary)\s+table/i },
  { rule: 'named prepared statements', pattern: /prepare\s*:\s*true|\bprepare\s+\w+\s+as\s/i },
  { rule: 'a reserved connection (held across transactions)', pattern: /\.reserve\(\s*\)/ },
]

function findUnsafe(source: string): string[] {
  return unsafe.filter(({ pattern }) => pattern.test(source)).map(({ rule }) => rule)
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else if (/\.(ts|mts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full
  }
}

describe('code that runs behind the transaction pooler', () => {
  it('recognises each unsafe feature (the scan below can fail)', () => {
    expect(findUnsafe('sql`select pg_advisory_lock(1)`')).toHaveLength(1)
    expect(findUnsafe("sql`select pg_advisory_xact_lock(hashtext('k'))`")).toEqual([])
    expect(findUnsafe("sql.listen('publish', fn)")).toHaveLength(1)
    expect(findUnsafe("sql.unsafe('LISTEN publish')")).toHaveLength(1)
    expect(findUnsafe('sql`SET search_path = app`')).toHaveLength(1)
    expect(findUnsafe("sql`set local statement_timeout = '5s'`")).toEqual([])
    expect(findUnsafe('sql`update games set title = ${t}`')).toEqual([])
    expect(findUnsafe('sql`create temp table x (id int)`')).toHaveLength(1)
    expect(findUnsafe('postgres(url, { prepare: true })')).toHaveLength(1)
    expect(findUnsafe('const conn = await sql.reserve()')).toHaveLength(1)
    expect(findUnsafe('server.listen(port, host)')).toEqual([])
  })

  it.each(['src', 'netlify'])('uses none of them in %s/', (dir) => {
    const found = [...files(dir)].flatMap((file) =>
      findUnsafe(readFileSync(file, 'utf8')).map((rule) => `${file}: ${rule}`),
    )
    expect(found).toEqual([])
  })
})
