/**
 * `npm run bench:data -- --only-backup [--laps=1000000] [--engine=pglite|pg15]`: a backup of a site
 * with many laps (docs/decisions/0611), as the System tab makes and restores it: the export written
 * into chunks in a local Blobs server (the function's path, `exportForDownload`), then the restore
 * read back from those chunks over the same site with replace (`restoreArchive`, as the route
 * calls it), with no time limit. Prints each step's time, the archive's size, and this process's
 * memory at its peak above where it stood before the step (sampled every 10 ms; the database runs in
 * a process of its own: the embedded server as `npm start` runs it, or a scratch PostgreSQL 15),
 * and whether each step fits in a function's 50 s. What a step keeps alive is sampled after forced
 * collections: V8 otherwise lets garbage grow the heap where it may.
 * Prints figures; asserts nothing. Never touches .data/.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { BlobsServer } from '@netlify/blobs/server'
import type postgres from 'postgres'
import {
  assertScratchDatabase,
  freePort,
  markScratchDatabase,
  stopChild,
  type ScratchDatabase,
} from '@simracing/local-platform'

const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const LAPS = Number(option('laps', '1000000'))
const ENGINE = option('engine', 'pglite')

/**
 * Starts the scratch database, then measures in a child process of its own: the app's modules read
 * DATABASE_URL once, when first imported, and the child's memory is the app's alone.
 */
export async function benchBackup(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'))
  const stops: (() => Promise<void> | void)[] = [() => rmSync(scratch, { recursive: true, force: true })]
  try {
    const url = await startDatabase(scratch, stops)
    const mark = await markScratchDatabase(url)
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, `--laps=${LAPS}`, `--engine=${ENGINE}`],
      {
        env: { ...process.env, DATABASE_URL: url, BENCH_SCRATCH: JSON.stringify(mark), BENCH_BACKUP_CHILD: '1' },
        stdio: 'inherit',
      },
    )
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`the measuring process exited with code ${code}`)
  } finally {
    for (const stop of stops) await stop()
  }
}

/** The measuring process: the demo content and the laps, then the export and the restore. */
async function measure(): Promise<void> {
  setFlagsFromString('--expose-gc')
  const mark = JSON.parse(process.env.BENCH_SCRATCH!) as ScratchDatabase
  const { runMigrations } = await import('../../src/server/db/migrate.ts')
  const { closeDb, rawSql } = await import('../../src/server/db/client.ts')
  const { seedDemoContent } = await import('../../src/server/demo/seed.ts')
  const { blobStoresAt } = await import('../../src/server/blobs/store.ts')
  const { exportForDownload } = await import('../../src/server/backup/export.ts')
  const { restoreArchive } = await import('../../src/server/backup/restore.ts')
  const { exportDownloads } = await import('../../src/server/backup/upload.ts')
  const { FUNCTION_BACKUP_MS } = await import('../../src/server/backup/archive.ts')
  const blobsServer = new BlobsServer({
    directory: mkdtempSync(path.join(os.tmpdir(), 'bench-blobs-')),
    token: 'bench',
  })
  try {
    await assertScratchDatabase(rawSql(), mark)
    await runMigrations(mark.url)
    await seedDemoContent()
    const started = performance.now()
    await insertLaps(rawSql(), LAPS)
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    console.log(
      `${ENGINE}: the demo content and ${LAPS.toLocaleString('en')} laps in ${seconds(performance.now() - started)}`,
    )

    const laps = async () => (await rawSql()<{ n: number }[]>`select count(*)::int as n from race_laps`)[0]!.n
    const before = await laps()
    const { port } = await blobsServer.start()
    const blobs = blobStoresAt({ edgeURL: `http://127.0.0.1:${port}`, siteID: 'bench', token: 'bench' })
    const fits = (ms: number) =>
      `${ms <= FUNCTION_BACKUP_MS ? 'fits' : 'does NOT fit'} in a function's ${FUNCTION_BACKUP_MS / 1000} s`
    const exported = await measured(() => exportForDownload(blobs, { now: new Date(), deadline: Infinity }))
    const mb = (exported.value.bytes / 1024 / 1024).toFixed(1)
    console.log(
      `export:  ${seconds(exported.ms)}, archive ${mb} MB in ${exported.value.download.chunks} chunks, ${exported.value.rows.toLocaleString('en')} rows; ${exported.memory}; ${fits(exported.ms)}`,
    )
    const id = exported.value.download.id
    const restored = await measured(() =>
      restoreArchive(blobs, () => exportDownloads(blobs).stream(id), { replace: true }),
    )
    console.log(
      `restore: ${seconds(restored.ms)}, ${restored.value.rows.toLocaleString('en')} rows, ${restored.value.images} images; ${restored.memory}; ${fits(restored.ms)}`,
    )
    const after = await laps()
    if (after !== before) throw new Error(`${after} laps after the restore, ${before} before`)
  } finally {
    await blobsServer.stop()
    await closeDb()
  }
}

/** One statement: a session and its laps, as imports of that size would store them. */
async function insertLaps(sql: postgres.Sql, laps: number): Promise<void> {
  await sql.unsafe(`
    with session as (
      insert into race_sessions (file_hash, file_name, format, session_type, track, started_at, classification, lap_count)
      values ('bench', 'bench.json', 'acc', 'race', 'spa', '2026-11-20T10:00:00Z', '[]', ${laps}) returning id)
    insert into race_laps (session_id, driver_name, driver_key, team, car, track, lap_ms, lap_number, set_at, personal_best)
    select session.id, 'Driver ' || (g % 120), 'driver ' || (g % 120), 'Team ' || (g % 60), 'BMW M4 GT3', 'spa',
      136000 + (g % 5003) * 7 % 5000, g / 120 + 1, timestamptz '2026-11-20T10:00:00Z' + g * interval '1.234567 second', g % 97 = 0
    from session, generate_series(1, ${laps}) g`)
}

/**
 * Runs `step` and samples this process's memory: every 10 ms the resident set, and every 500 ms
 * what the JavaScript heap and the buffers outside it hold after a full collection (what the step
 * keeps alive; V8 otherwise lets garbage grow the heap where it may). Each as its peak above where
 * it stood before the step.
 */
async function measured<T>(step: () => Promise<T>): Promise<{ value: T; ms: number; memory: string }> {
  const gc = runInNewContext('gc') as () => void
  const live = () => {
    gc()
    const { heapUsed, external } = process.memoryUsage()
    return heapUsed + external
  }
  const before = { rss: process.memoryUsage().rss, live: live() }
  let peakRss = before.rss
  let peakLive = before.live
  const rss = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10)
  const kept = setInterval(() => (peakLive = Math.max(peakLive, live())), 500)
  const started = performance.now()
  try {
    const value = await step()
    const ms = performance.now() - started
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
    const memory = `peak +${mib(peakRss - before.rss)} resident (${mib(peakRss)} in all), +${mib(peakLive - before.live)} kept (heap and buffers after a collection)`
    return { value, ms, memory }
  } finally {
    clearInterval(rss)
    clearInterval(kept)
  }
}

/** The database in a process of its own, as production's is: the embedded server, or PostgreSQL 15. */
async function startDatabase(scratch: string, stops: (() => Promise<void> | void)[]): Promise<string> {
  if (ENGINE === 'pg15') {
    const { findPgBin, startTempPostgres } = await import('../../test-support/postgres15.ts')
    const bin = findPgBin()
    if (!bin) throw new Error('PostgreSQL 15 server binaries not found (set PG_BIN)')
    const pg = await startTempPostgres(bin)
    stops.unshift(() => pg.stop())
    return pg.url
  }
  const { spawnDbServer } = await import('../local-platform/database.ts')
  const port = await freePort()
  const child = await spawnDbServer({ DATA_DIR: path.join(scratch, 'data'), EMBEDDED_DB_PORT: String(port) })
  stops.unshift(() => stopChild(child))
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`
}

if (process.env.BENCH_BACKUP_CHILD) await measure()
