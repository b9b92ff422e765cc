import net from 'node:net'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { newDatabasePassword, startEmbeddedServer, type EmbeddedServer } from '@simracing/local-platform'
import { embeddedDatabaseUrl } from '../../src/server/db/embedded-password.ts'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { patience } from '../helpers/patience.ts'

/**
 * The embedded database of `npm start` is reachable by every account of the machine on 127.0.0.1:
 * only a client with the password its server generated gets in (SCRAM-SHA-256), and a client that
 * sits in an open transaction cannot stall the site, whose every statement waits behind it on
 * PGlite's one session (decision 0216). Before: any user name and password got in, read the admin
 * password hash, and could write a session row that the API then took for a login.
 */
const password = newDatabasePassword()
let server: EmbeddedServer
const clients: postgres.Sql[] = []
type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }
let app: App
let closeDb: () => Promise<void>

const connect = (url: string, options: postgres.Options<Record<string, never>> = {}) => {
  const sql = postgres(url, { max: 1, prepare: false, connect_timeout: 5, onnotice: () => {}, ...options })
  clients.push(sql)
  return sql
}

beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: 'memory://', port: 0, password })
  await runMigrations(server.url)
  // The app reads its database from the environment when it is imported: this file's server.
  vi.resetModules()
  Object.assign(process.env, { NODE_ENV: 'test', DATABASE_URL: server.url })
  const { createApp } = await import('../../src/server/app.ts')
  const { testPlatform } = await import('../helpers/platform.ts')
  ;({ closeDb } = await import('../../src/server/db/client.ts'))
  app = createApp(testPlatform())
}, patience(120_000))

afterAll(async () => {
  for (const sql of clients) await sql.end({ timeout: 1 }).catch(() => {})
  await closeDb?.()
  await server?.stop()
})

/** What a client that does not know the password gets: the server's refusal, nothing read. */
async function refusal(url: string): Promise<unknown> {
  try {
    await connect(url)`select password_hash from admin_credentials`
    return 'connected'
  } catch (error) {
    return (error as { code?: unknown }).code
  }
}

/** Speaks the protocol by hand: a start-up, then a cleartext password (which the server never asks for). */
function cleartextAttempt(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0')
    const startup = Buffer.alloc(8)
    startup.writeInt32BE(8 + params.length)
    startup.writeInt32BE(196608, 4)
    const secret = Buffer.from(`${password}\0`)
    const passwordMessage = Buffer.alloc(5)
    passwordMessage.write('p')
    passwordMessage.writeInt32BE(4 + secret.length, 1)
    let answer = Buffer.alloc(0)
    socket.on('connect', () => socket.write(Buffer.concat([startup, params, passwordMessage, secret])))
    socket.on('data', (chunk: Buffer) => (answer = Buffer.concat([answer, chunk])))
    socket.on('close', () => resolve(answer.toString('latin1')))
    socket.on('error', () => socket.destroy())
  })
}

describe('the embedded database', () => {
  it('refuses every client without its password', async () => {
    const wrong = embeddedDatabaseUrl(server.port, 'postgres')
    expect(await refusal(wrong)).toBe('28P01')
    expect(await refusal(`postgres://attacker:anything@127.0.0.1:${server.port}/postgres?sslmode=disable`)).toBe(
      '28P01',
    )
    expect(await refusal(`postgres://postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`)).not.toBe('connected')
    // Even the right password sent in the clear is refused: the server asks for SCRAM only.
    const answer = await cleartextAttempt(server.port)
    expect(answer).toContain('28P01')
    expect(answer).not.toContain('ReadyForQuery')
  })

  it('serves the site with its password', async () => {
    const [row] = await connect(server.url)<{ n: number }[]>`select count(*)::int as n from admin_sessions`
    expect(row!.n).toBe(0)
    const res = await app.request('/api/games')
    expect(res.status).toBe(200)
  })

  it(
    'ends a transaction left idle while the site waits, so the API answers within seconds',
    async () => {
      // A client with the password (a script gone wrong) opens a transaction, writes, and stops talking.
      const idle = connect(server.url)
      const stalled = idle
        .begin(async (tx) => {
          await tx`insert into site_settings (key, value) values ('left_open', 'never committed')`
          await new Promise((resolve) => setTimeout(resolve, 60_000))
        })
        .then(
          () => 'committed',
          (error: { code?: string }) => error.code,
        )
      await new Promise((resolve) => setTimeout(resolve, 200))
      const started = Date.now()
      const res = await app.request('/api/games')
      const waited = Date.now() - started
      expect(res.status).toBe(200)
      // The server gives an idle transaction 3 s once someone waits behind it (7.5 s and more before).
      expect(waited).toBeLessThan(patience(6_000))
      // The idle client was disconnected as PostgreSQL disconnects one (idle_in_transaction_session_timeout).
      expect(await stalled).toMatch(/^(25P03|CONNECTION_CLOSED|CONNECTION_ENDED)$/)
      const [left] = await connect(server.url)<{ n: number }[]>`
        select count(*)::int as n from site_settings where key = 'left_open'`
      expect(left!.n).toBe(0)
    },
    patience(30_000),
  )
})
