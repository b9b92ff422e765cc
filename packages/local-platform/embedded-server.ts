import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGliteWireServer, type WireServerOptions } from './pglite-wire-server.ts'
import { portAnswers } from './ports.ts'

export interface EmbeddedServer {
  port: number
  /** The address to connect to, with the server's password. */
  url: string
  stop(): Promise<void>
}

/** A password for a database server nobody else may reach: 256 random bits. */
export const newDatabasePassword = () => randomBytes(32).toString('base64url')

/**
 * The address of an embedded server on `port`, with its password: user and database `postgres`, no
 * TLS (the server speaks none; it listens on 127.0.0.1 only).
 */
export function embeddedServerUrl(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`
}

/**
 * PGlite (real Postgres in WASM) persisted in `dataDir`, served over the Postgres wire protocol
 * on 127.0.0.1 so every process uses the same postgres.js driver as production.
 * One server process per data directory: PGlite is single-user; the wire server serializes clients.
 * Only a client with `password` gets in (SCRAM-SHA-256, decision 0216).
 * `dataDir` 'memory://' keeps everything in memory (tests).
 */
export async function startEmbeddedServer(
  opts: { dataDir: string; port: number; password: string } & WireServerOptions,
): Promise<EmbeddedServer> {
  if (opts.port !== 0 && (await portAnswers(opts.port))) {
    throw new Error(`Port ${opts.port} is already in use: is another database server running on this data folder?`)
  }
  let dataDir = opts.dataDir
  if (!dataDir.startsWith('memory://')) {
    dataDir = path.resolve(dataDir)
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    if (readdirSync(dataDir).length === 0) await copyEmptyCluster(dataDir)
  }
  // pg_trgm: the trigram index of the news search (migration news_search, docs/decisions/0110).
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } })
  // PGlite has no autovacuum to gather planner statistics: without them the planner guesses and
  // may read every article for a search its trigram index answers in a few pages. Fresh at each start.
  await pg.exec('ANALYZE')
  const server = new PGliteWireServer(pg, opts)
  const port = await server.listen(opts.port)
  return {
    port,
    url: embeddedServerUrl(port, opts.password),
    async stop() {
      await server.close()
      await pg.close()
    },
  }
}

/** The installed PGlite's version: a cluster made by one version is opened only by the same. */
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')))
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * Fills an empty data folder with an empty cluster copied from a template, instead of PGlite's
 * initdb: initdb in WASM takes about 3.8 s of CPU here, a copy and an open 0.8 s, and every
 * end-to-end site, scratch benchmark and restart test of a run starts one (issue 41). The template
 * is made once per PGlite version, in the temp folder (an initdb of its own, renamed into place
 * when whole: two processes making it at once keep one), and holds nothing but what initdb
 * writes, so a copy is the cluster initdb would have made. Modes are kept (0700, 0600).
 */
async function copyEmptyCluster(dataDir: string): Promise<void> {
  const template = path.join(os.tmpdir(), `simracing-pglite-cluster-${pgliteVersion()}`)
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    const making = `${template}.making-${process.pid}-${randomBytes(4).toString('hex')}`
    mkdirSync(making, { recursive: true, mode: 0o700 })
    const pg = await PGlite.create(making, { extensions: { pg_trgm } })
    await pg.close()
    try {
      renameSync(making, template)
    } catch {
      // Another process put its template in place first: the same cluster, keep theirs.
      rmSync(making, { recursive: true, force: true })
    }
  }
  cpSync(template, dataDir, { recursive: true })
}

/**
 * A benchmark's scratch database: an embedded server of its own in a new temp folder, with a
 * password of its own. `remove()` stops it and deletes the folder.
 */
export async function startScratchServer(
  prefix: string,
): Promise<EmbeddedServer & { dir: string; remove(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  const server = await startEmbeddedServer({
    dataDir: path.join(dir, 'pglite'),
    port: 0,
    password: newDatabasePassword(),
  })
  return {
    ...server,
    dir,
    async remove() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
