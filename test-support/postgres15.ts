import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { freePort } from '@simracing/local-platform'
import { runMigrations } from '../src/server/db/migrate.ts'

/** Finds PostgreSQL's server binaries (Debian keeps them outside PATH). */
export function findPgBin(): string | null {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'].filter(
    Boolean,
  ) as string[]
  for (const dir of candidates) {
    const r = spawnSync(path.join(dir, 'pg_ctl'), ['--version'], { encoding: 'utf8' })
    if (r.status === 0) return dir
  }
  return null
}

export interface TempPostgres {
  url: string
  stop(): void
}

/**
 * `count` empty databases `test_1`..`test_<count>` on the cluster of `url` (one per test worker
 * slot), each with the migrations applied; returns their names.
 */
export async function createTestDatabases(url: string, count: number): Promise<string[]> {
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  const names = Array.from({ length: count }, (_, i) => `test_${i + 1}`)
  try {
    for (const name of names) await admin.unsafe(`create database "${name}" template template0 encoding 'UTF8'`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  await Promise.all(names.map((name) => runMigrations(withDatabase(url, name))))
  return names
}

/** The same connection string with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/**
 * A throw-away PostgreSQL cluster: initdb into a temp directory, pg_ctl start on a free port.
 * As root (CI), the server runs as the `postgres` user, because initdb refuses root.
 */
export async function startTempPostgres(bin: string, chosenPort?: number): Promise<TempPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg15-'))
  const data = path.join(dir, 'data')
  // A benchmark names the port first: its DATABASE_URL must be set before the env module is read.
  const port = chosenPort ?? (await freePort())
  const asRoot = process.getuid?.() === 0
  chmodSync(dir, 0o777)
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd)
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe', cwd: dir })
    else execFileSync(full, args, { stdio: 'pipe', cwd: dir })
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
