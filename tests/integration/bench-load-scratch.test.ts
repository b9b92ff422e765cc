import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@simracing/local-platform'
import { patience } from '../helpers/patience.ts'
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../../src/server/db/embedded-password.ts'

/**
 * `npm run bench:load` beside a running `npm start`: the benchmark prepares its own scratch
 * PostgreSQL and must leave the owner's embedded database exactly as it was. It once migrated and
 * seeded it, added 500 articles and overwrote the admin password hash, because a module it imported
 * first had read the environment (and so the embedded database's address) before it chose its own.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-owner-'))
const port = await freePort()
let server: ChildProcess | undefined
let sql: postgres.Sql

/** The owner's embedded database, with the password its server generated (once it has started). */
let ownerUrl: string
/** The owner's database as `npm start` runs it: the embedded server on its port, no DATABASE_URL. */
const ownerEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port), DATABASE_URL: '' }

beforeAll(async () => {
  server = await new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], {
      env: ownerEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child))
    child.once('exit', (code, signal) => reject(new Error(`db server exited early (${code ?? signal})`)))
  })
  ownerUrl = embeddedDatabaseUrl(port, readEmbeddedPassword(dataDir))
  sql = postgres(ownerUrl, {
    prepare: false,
    max: 1,
    onnotice: () => {},
  })
  await sql.unsafe(`
    create table owner_notes (id serial primary key, body text not null);
    insert into owner_notes (body) values ('the owner''s own row');
  `)
}, patience(60_000))

afterAll(async () => {
  await sql?.end({ timeout: 5 })
  server?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** Every table of every schema with its rows, as one comparable value. */
async function digest(): Promise<string> {
  const tables = await sql<{ name: string }[]>`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`
  const parts: string[] = []
  for (const { name } of tables) {
    const [row] = await sql.unsafe<{ rows: string | null }[]>(
      `select string_agg(t::text, '|' order by t::text) as rows from ${name} t`,
    )
    parts.push(`${name}:${row?.rows ?? ''}`)
  }
  return parts.join('\n')
}

/** Runs the benchmark's preparation (`--setup-only`) in `env` and returns how it ended. */
function benchSetup(env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/load.ts', '--setup-only'], {
    env,
    encoding: 'utf8',
    timeout: patience(120_000),
  })
}

describe('bench:load beside npm start', () => {
  it(
    'prepares its scratch database and leaves the running embedded database unchanged',
    async () => {
      const before = await digest()
      const run = benchSetup(ownerEnv)
      expect(await digest()).toBe(before)
      expect(run.stderr).not.toMatch(/refusing to write/)
      expect(run.stdout).toMatch(/scratch database ready: \d+ articles in bench_load_[0-9a-f]+ /)
      expect(run.status).toBe(0)
    },
    patience(150_000),
  )

  it(
    'leaves the database named by DATABASE_URL unchanged too',
    async () => {
      const before = await digest()
      const run = benchSetup({ ...ownerEnv, DATABASE_URL: ownerUrl, EMBEDDED_DB_PORT: '' })
      expect(await digest()).toBe(before)
      expect(run.stdout).toMatch(/scratch database ready: \d+ articles in bench_load_[0-9a-f]+ /)
      expect(run.status).toBe(0)
    },
    patience(150_000),
  )
})
