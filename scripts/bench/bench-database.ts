/**
 * A scratch database for a benchmark: PostgreSQL 15 when its server is on this machine (as
 * production's Postgres), else, or with `--engine=pglite`, the embedded PGlite `npm start` runs on.
 * DATABASE_URL names it before the caller imports the site's modules (the env module reads it once);
 * the database is marked as a scratch one, and removed by `stop`. Never touches .data/.
 * BENCH_POSTGRES_URL (a running PostgreSQL 15 cluster's `postgres` database) makes the database in
 * that cluster instead of a cluster of its own: the test line's smoke run of every benchmark starts
 * one cluster for all of them (tests/integration/bench-smoke.test.ts), not one initdb each.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import { freePort, markScratchDatabase, startScratchServer } from '@simracing/local-platform'

export interface BenchDatabase {
  engine: 'postgres15' | 'pglite'
  url: string
  /** The scratch mark, for assertScratchDatabase before the first write. */
  mark: Awaited<ReturnType<typeof markScratchDatabase>>
  stop: () => Promise<void>
}

export async function openBenchDatabase(name: string, wanted: string | undefined): Promise<BenchDatabase> {
  const pgBin = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'].find((d) => d && existsSync(path.join(d, 'pg_ctl')))
  let url: string
  let stop: () => Promise<void>
  let engine: BenchDatabase['engine']
  if (wanted !== 'pglite' && pgBin) {
    engine = 'postgres15'
    const database = `${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`
    const shared = process.env.BENCH_POSTGRES_URL
    const { startTempPostgres, withDatabase } = await import('../../test-support/postgres15.ts')
    const cluster = shared ? null : await startTempPostgres(pgBin, await freePort())
    const adminUrl = shared ?? cluster!.url
    url = withDatabase(adminUrl, database)
    process.env.DATABASE_URL = url
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${database}" template template0 encoding 'UTF8'`)
    await admin.end({ timeout: 5 })
    stop = async () => {
      if (cluster) return cluster.stop()
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} })
      await dropper.unsafe(`drop database if exists "${database}" with (force)`)
      await dropper.end({ timeout: 5 })
    }
  } else {
    engine = 'pglite'
    const server = await startScratchServer(`${name}-pglite-`)
    url = server.url
    process.env.DATABASE_URL = url
    stop = async () => server.remove()
  }
  return { engine, url, mark: await markScratchDatabase(url), stop }
}
