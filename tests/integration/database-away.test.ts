import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort } from '@simracing/local-platform'
import { patience } from '../helpers/patience.ts'
import { findPgBin, startTempPostgres, type TempPostgres } from '../../test-support/postgres15.ts'

/**
 * While the database is away or too slow, the API says so at once: 503 with a message and
 * Retry-After, after at most the connect or statement timeout, never a 500 after a long hang.
 * The env module is read at import, so each case sets the environment, then imports the app anew.
 */
async function importWith(settings: Record<string, string>) {
  vi.resetModules()
  Object.assign(process.env, { NODE_ENV: 'test', ...settings })
  const { createApp } = await import('../../src/server/app.ts')
  const client = await import('../../src/server/db/client.ts')
  const { testPlatform } = await import('../helpers/platform.ts')
  return { app: createApp(testPlatform()), ...client }
}

describe('the database is not there', () => {
  let silent: Server
  let silentPort: number
  const sockets: Socket[] = []

  beforeAll(async () => {
    // Accepts connections and never answers: a database host that hangs.
    silentPort = await freePort()
    silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('answers 503 with a message and Retry-After when nothing listens', async () => {
    const port = await freePort()
    const { app, closeDb } = await importWith({
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      DATABASE_CONNECT_TIMEOUT_S: '2',
    })
    const res = await app.request('/api/games')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toEqual({
      message: 'The database is not reachable right now. Please try again in a moment.',
    })
    await closeDb()
  })

  it('answers 503 when the database accepts the connection and never answers', async () => {
    const { app, closeDb } = await importWith({
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${silentPort}/postgres`,
      DATABASE_CONNECT_TIMEOUT_S: '1',
    })
    const res = await app.request('/api/news')
    expect(res.status).toBe(503)
    expect(((await res.json()) as { message: string }).message).toMatch(/database is not reachable/)
    await closeDb()
  })
})

describe('a statement that takes too long', () => {
  let pg: TempPostgres

  beforeAll(async () => {
    const bin = findPgBin()
    if (!bin) throw new Error('PostgreSQL 15 server binaries not found (install postgresql-15 or set PG_BIN).')
    pg = await startTempPostgres(bin)
  })
  afterAll(() => pg?.stop())

  it('is cancelled after DATABASE_STATEMENT_TIMEOUT_MS, and the next statement runs', async () => {
    // The limit leaves room for `select 1` on a loaded machine (at 300 ms it once timed out too).
    const { db, closeDb, StatementTimeoutError } = await importWith({
      DATABASE_URL: pg.url,
      DATABASE_STATEMENT_TIMEOUT_MS: String(patience(1000)),
    })
    const { sql } = await import('drizzle-orm')
    const failure = await db()
      .execute(sql`select pg_sleep(600)`)
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    // drizzle wraps the driver's error ('Failed query: ...') with it as the cause.
    expect((failure as Error | undefined)?.cause).toBeInstanceOf(StatementTimeoutError)
    const rows = await db().execute(sql`select 1 as one`)
    expect(rows[0]).toEqual({ one: 1 })
    await closeDb()
  })

  it('gives a transaction the same deadline: it is rolled back, and the next statement runs', async () => {
    const { db, closeDb, StatementTimeoutError } = await importWith({
      DATABASE_URL: pg.url,
      DATABASE_STATEMENT_TIMEOUT_MS: String(patience(1000)),
    })
    const { sql } = await import('drizzle-orm')
    await db().execute(sql`create table if not exists slow_writes (id int primary key)`)
    const failure = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`insert into slow_writes values (1)`)
        await tx.execute(sql`select pg_sleep(600)`)
        await tx.execute(sql`insert into slow_writes values (2)`)
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(failure).toBeInstanceOf(StatementTimeoutError)
    const rows = await db().execute(sql`select count(*)::int as n from slow_writes`)
    expect(rows[0]).toEqual({ n: 0 })
    await closeDb()
  })
})
