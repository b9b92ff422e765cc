import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql as drizzleSql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort, superviseDatabase, type SupervisedDatabase } from '@simracing/local-platform'
import type { Database } from '../../src/server/db/client.ts'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { spawnDbServer } from '../helpers/db-server.ts'
import { patience } from '../helpers/patience.ts'
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../../src/server/db/embedded-password.ts'

/**
 * The embedded database dies (SIGKILL) while the API writes and reads, over and over, as `npm start`
 * runs it (packages/local-platform/database-supervisor.ts restarts it). Every time, the API answers again within
 * 10 s of the database answering, and every write it acknowledged is there afterwards
 * (docs/decisions/0304). Before the fix, one run in a few left the API answering 503 after 20 s for
 * every request until the process was restarted: a transaction whose connection was reset never
 * settled, and its slot of the one-statement-per-connection queue was never handed back.
 */
// Each of the three kill moments once (issue 41: twelve runs repeated each moment four times).
const RUNS = 3
const RECOVERY_MS = 10_000
/** A request already sent when the database dies answers (503) within this of the kill (issue 31). */
const IN_FLIGHT_MS = 5_000

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'db-kill-'))
let port: number
let url: string
let supervised: SupervisedDatabase | undefined
const log: string[] = []

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }
let app: App
let cookie: string
let closeDb: () => Promise<void>
let db: () => Database

beforeAll(async () => {
  port = await freePort()
  supervised = await superviseDatabase(
    () => spawnDbServer({ DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port), DATABASE_URL: '' }),
    (line) => log.push(line),
  )
  url = embeddedDatabaseUrl(port, readEmbeddedPassword(dataDir))
  await runMigrations(url)
  // The app reads its database from the environment when it is imported: this file's own server,
  // with production's client options (one connection, the default timeouts).
  vi.resetModules()
  Object.assign(process.env, { NODE_ENV: 'test', DATABASE_URL: url })
  const { createApp } = await import('../../src/server/app.ts')
  const { adminCookie } = await import('../helpers/auth.ts')
  const { testPlatform } = await import('../helpers/platform.ts')
  ;({ closeDb, db } = await import('../../src/server/db/client.ts'))
  app = createApp(testPlatform())
  cookie = await adminCookie()
}, patience(120_000))

afterAll(async () => {
  await closeDb?.()
  await supervised?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every request this file sends: when it was sent and when it was answered. */
const sent: { at: number; answeredAt?: number }[] = []

async function request(method: string, target: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const record: (typeof sent)[number] = { at: Date.now() }
  sent.push(record)
  try {
    return await answer(method, target, body)
  } finally {
    record.answeredAt = Date.now()
  }
}

async function answer(method: string, target: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await app.request(target, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  let json: unknown = text
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, json }
}

/** Whether the database answers a fresh connection (the supervisor has restarted it). */
async function databaseAnswers(): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 1, prepare: false, onnotice: () => {} })
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {})
  }
}

describe('the embedded database killed under writes and reads', () => {
  it(
    `comes back within ${RECOVERY_MS / 1000} s of the database every time, ${RUNS} times, and loses no acknowledged write`,
    async () => {
      // Each refused request during the outage is logged as a warning: expected here, and many.
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      /** Articles whose creation the API acknowledged (201), and those whose edit it acknowledged (200). */
      const acknowledged = new Set<number>()
      const edited = new Set<number>()
      let stopped = false
      let sequence = 0
      /** Set by a run that kills the database just after an edit was sent. */
      let onEditSent: (() => void) | undefined

      // The writer: a new article, then an edit of it (a transaction: the version it replaces is kept
      // beside it), every 0.2 s.
      const writeOne = async () => {
        const n = ++sequence
        const created = await request('POST', '/api/news', {
          title: `Kill drill ${n}`,
          author: 'Drill',
          category: 'News',
          content: `<p>Article ${n}.</p>`,
        })
        if (created.status !== 201) return
        const { id, updatedAt } = created.json as { id: number; updatedAt: string }
        acknowledged.add(id)
        const editing = request('PUT', `/api/news/${id}`, {
          title: `Kill drill ${n} edited`,
          author: 'Drill',
          category: 'News',
          content: `<p>Article ${n}, edited.</p>`,
          baseUpdatedAt: updatedAt,
        })
        onEditSent?.()
        if ((await editing).status === 200) edited.add(id)
      }
      const writer = (async () => {
        while (!stopped) {
          await writeOne().catch(() => {})
          await sleep(200)
        }
      })()
      // The reader: the public news list and the games, every 0.2 s.
      const reader = (async () => {
        while (!stopped) {
          await request('GET', '/api/news?limit=5').catch(() => {})
          await request('GET', '/api/games').catch(() => {})
          await sleep(200)
        }
      })()

      /** Resolves when the database should die: each run picks another moment. */
      const killMoment = async (run: number): Promise<void> => {
        if (run % 3 === 0) {
          await sleep(Math.random() * 200)
          return
        }
        if (run % 3 === 1) {
          // Within a few milliseconds of an edit being sent: its transaction starts, runs or commits.
          await new Promise<void>((resolve) => {
            onEditSent = () => {
              onEditSent = undefined
              setTimeout(resolve, Math.random() * 30)
            }
          })
          return
        }
        // While a transaction of the API's own pool is open (begun, a statement run, not committed).
        let opened!: () => void
        const open = new Promise<void>((resolve) => (opened = resolve))
        void db()
          .transaction(async (tx) => {
            await tx.execute(drizzleSql`select 1`)
            opened()
            await sleep(300)
            await tx.execute(drizzleSql`select 2`)
          })
          .catch(() => {})
        await open
      }

      const recoveries: number[] = []
      try {
        for (let run = 0; run < RUNS; run++) {
          const before = acknowledged.size
          while (acknowledged.size < before + 2) await sleep(50)
          await killMoment(run)
          // A few reads more, so that requests wait in the pool's queue when the database dies.
          for (let i = 0; i < 3; i++) void request('GET', '/api/games').catch(() => {})
          const dying = supervised!.current()!
          const exited = new Promise((resolve) => dying.once('exit', resolve))
          const killedAt = Date.now()
          dying.kill('SIGKILL')
          await exited
          const inFlight = sent.filter((r) => r.at <= killedAt && (r.answeredAt ?? Infinity) > killedAt)
          while (!(await databaseAnswers())) await sleep(100)
          const databaseBack = Date.now()
          // The API is back when a read and a write both answer.
          let recovered: number | undefined
          while (recovered === undefined && Date.now() - databaseBack < RECOVERY_MS) {
            const [read, write] = await Promise.all([
              request('GET', '/api/news?limit=1').catch(() => undefined),
              request('POST', '/api/news', {
                title: `Probe ${run}`,
                author: 'Drill',
                category: 'News',
                content: '<p>Probe.</p>',
              }).catch(() => undefined),
            ])
            if (write?.status === 201) acknowledged.add((write.json as { id: number }).id)
            if (read?.status === 200 && write?.status === 201) recovered = Date.now() - databaseBack
            else await sleep(100)
          }
          recoveries.push(recovered ?? Infinity)
          // Before the fix, a request waiting for the pool's connection when it broke waited for
          // the whole statement timeout (20 s), while the database was back after 2 s.
          while (inFlight.some((r) => r.answeredAt === undefined) && Date.now() - killedAt <= IN_FLIGHT_MS)
            await sleep(50)
          const late = inFlight.map((r) => (r.answeredAt ?? Date.now()) - killedAt).filter((ms) => ms > IN_FLIGHT_MS)
          expect(late, `run ${run + 1}: requests sent before the kill answered ${late.join(', ')} ms after it`).toEqual(
            [],
          )
          expect(recovered ?? Infinity, `run ${run + 1}: no answer within ${RECOVERY_MS / 1000} s`).toBeLessThanOrEqual(
            RECOVERY_MS,
          )
        }
      } finally {
        stopped = true
        onEditSent = undefined
        // A request that never ends (the bug this test is about) must not hang the test.
        await Promise.race([Promise.all([writer, reader]), sleep(patience(60_000))])
      }
      console.log(`recovery after the database answered again (ms): ${recoveries.join(', ')}`)

      const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {} })
      try {
        const rows = await sql<{ id: number; title: string }[]>`select id, title from news_articles`
        const stored = new Map(rows.map((row) => [row.id, row.title]))
        expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([])
        expect([...edited].filter((id) => !stored.get(id)?.endsWith(' edited'))).toEqual([])
      } finally {
        await sql.end({ timeout: 5 })
      }
      expect(recoveries).toHaveLength(RUNS)
      expect(acknowledged.size).toBeGreaterThan(RUNS * 3)
    },
    patience(600_000),
  )
})
