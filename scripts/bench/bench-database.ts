/**
 * A scratch database for a benchmark: PostgreSQL 15 when its server is on this machine (as
 * production's Postgres), else, or with `--engine=pglite`, the embedded PGlite `npm start` runs on.
 * DATABASE_URL names it before the caller imports the site's modules (the env module reads it once);
 * the database is marked as a scratch one, and removed by `stop`. Never touches .data/.
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
    const port = await freePort()
    const database = `${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`
    url = `postgres://postgres@127.0.0.1:${port}/${database}`
    process.env.DATABASE_URL = url
    const { startTempPostgres } = await import('../../test-support/postgres15.ts')
    const cluster = await startTempPostgres(pgBin, port)
    stop = async () => cluster.stop()
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${database}" template template0 encoding 'UTF8'`)
    await admin.end({ timeout: 5 })
  } else {
    engine = 'pglite'
    const server = await startScratchServer(`${name}-pglite-`)
    url = server.url
    process.env.DATABASE_URL = url
    stop = async () => server.remove()
  }
  return { engine, url, mark: await markScratchDatabase(url), stop }
}
