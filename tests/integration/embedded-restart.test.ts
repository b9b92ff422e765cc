import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { restartDelayMs, superviseDatabase, type SupervisedDatabase } from '@simracing/local-platform'
import { spawnDbServer } from '../helpers/db-server.ts'
import { patience } from '../helpers/patience.ts'
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../../src/server/db/embedded-password.ts'

/**
 * `npm start` keeps its embedded database alive: when the server dies and its first restarts fail
 * (here: another process holds the port for a few seconds), it keeps trying with backoff until the
 * database answers again, instead of giving up after one failed attempt.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'restart-'))
const port = 20000 + Math.floor(Math.random() * 20000)
const log: string[] = []
let supervised: SupervisedDatabase | undefined

afterAll(async () => {
  await supervised?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const connect = () =>
  postgres(embeddedDatabaseUrl(port, readEmbeddedPassword(dataDir)), {
    prepare: false,
    max: 1,
    connect_timeout: 2,
    onnotice: () => {},
  })

async function answers(): Promise<boolean> {
  const sql = connect()
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from kept`
    return row?.n === 1
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {})
  }
}

describe('embedded database supervision', () => {
  it('waits longer after each failed restart, up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000])
  })

  it(
    'restarts the database after its first restarts failed, with the data kept',
    async () => {
      const env = { DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port), DATABASE_URL: '' }
      supervised = await superviseDatabase(
        () => spawnDbServer(env),
        (line) => log.push(line),
      )
      const sql = connect()
      await sql.unsafe(`create table kept (id int primary key); insert into kept values (1)`)
      await sql.end({ timeout: 5 })

      // The server dies; until the holder lets go, nobody else can listen on its port.
      const dying = supervised.current()!
      const exited = new Promise((resolve) => dying.once('exit', resolve))
      dying.kill('SIGKILL')
      await exited
      const holder = net.createServer()
      await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve))
      // Held until a restart has failed on it: a fixed hold lost the race on a loaded machine, where
      // starting the server took longer than the hold and the first restart simply succeeded.
      const failed = () => log.some((line) => line.startsWith('database restart failed'))
      const holdUntil = Date.now() + patience(30_000)
      while (!failed() && Date.now() < holdUntil) await new Promise((resolve) => setTimeout(resolve, 100))
      await new Promise((resolve) => holder.close(resolve))

      const until = Date.now() + patience(30_000)
      while (!(await answers()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250))
      expect(await answers()).toBe(true)
      expect(log.filter((line) => line.startsWith('database restart failed')).length).toBeGreaterThanOrEqual(1)
      expect(log.at(-1)).toMatch(/database server is back after \d+ attempts/)
    },
    patience(90_000),
  )
})
