import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { patience } from '../helpers/patience.ts'
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../../src/server/db/embedded-password.ts'

/**
 * Data is never lost: the embedded database server is killed with SIGKILL in the middle of a
 * burst of writes, restarted on the same folder, and must hold every write it acknowledged.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-'))
const port = 20000 + Math.floor(Math.random() * 20000)
let server: ChildProcess | undefined

function startServer(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child))
    child.once('exit', (code, signal) => reject(new Error(`db server exited early (${code ?? signal})`)))
  })
}

const connect = () =>
  postgres(embeddedDatabaseUrl(port, readEmbeddedPassword(dataDir)), {
    prepare: false,
    max: 4,
    onnotice: () => {},
  })

afterAll(() => {
  server?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('embedded database crash safety', () => {
  it(
    'keeps every acknowledged write after a SIGKILL in the middle of a burst',
    async () => {
      server = await startServer()
      let sql = connect()
      await sql`create table burst (id integer primary key, payload text not null)`

      const acknowledged: number[] = []
      let stop = false
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const id = w * 1_000_000 + i
          try {
            await sql`insert into burst (id, payload) values (${id}, ${'x'.repeat(200)})`
            acknowledged.push(id)
          } catch {
            return // the server is gone
          }
        }
      })
      // Kill once a good number of writes went through, while the writers are still going.
      while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10))
      server.kill('SIGKILL')
      stop = true
      await Promise.all(writers)
      await sql.end({ timeout: 1 }).catch(() => {})
      expect(acknowledged.length).toBeGreaterThanOrEqual(150)

      server = await startServer()
      sql = connect()
      const rows = await sql<{ id: number }[]>`select id from burst`
      const stored = new Set(rows.map((r) => r.id))
      const lost = acknowledged.filter((id) => !stored.has(id))
      expect(lost).toEqual([])
      // The database accepts writes again after recovery.
      await sql`insert into burst (id, payload) values (${-1}, ${'after restart'})`
      await sql.end()
      server.kill('SIGTERM')
    },
    patience(120_000),
  )
})
