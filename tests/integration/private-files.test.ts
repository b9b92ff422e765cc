import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, stopChild } from '@simracing/local-platform'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { spawnDbServer } from '../helpers/db-server.ts'
import { patience } from '../helpers/patience.ts'
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../../src/server/db/embedded-password.ts'

/**
 * Another account on the machine reads nothing of the site's: the data folder the embedded
 * database starts in is 0700 (an older, world-readable one is tightened at start), and the archive
 * `npm run backup:export` writes is 0600 (decision 0214). Both through the scripts themselves.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'private-files-'))
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8)
const stops: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const stop of stops) await stop()
  rmSync(root, { recursive: true, force: true })
})

async function startDatabase(dataDir: string) {
  const port = await freePort()
  const env = { DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port), DATABASE_URL: '' }
  const child = await spawnDbServer(env)
  stops.push(() => stopChild(child))
  return { env, url: embeddedDatabaseUrl(port, readEmbeddedPassword(dataDir)) }
}

describe('files the site keeps and writes', () => {
  it('creates a new data folder readable by its owner only', { timeout: patience(240_000) }, async () => {
    const dataDir = path.join(root, 'fresh', '.data')
    await startDatabase(dataDir)
    expect(mode(dataDir)).toBe('700')
    expect(mode(path.join(dataDir, 'pglite'))).toBe('700')
  })

  describe('a data folder an older version left world-readable', () => {
    const dataDir = path.join(root, 'older', '.data')
    const password = path.join(dataDir, 'admin-password.txt')
    let database: Awaited<ReturnType<typeof startDatabase>>

    beforeAll(async () => {
      mkdirSync(dataDir, { recursive: true })
      chmodSync(dataDir, 0o755)
      writeFileSync(password, 'from-an-older-version\n')
      chmodSync(password, 0o644)
      database = await startDatabase(dataDir)
      await runMigrations(database.url)
    }, patience(300_000))

    it('is tightened when the database starts', () => {
      expect(mode(dataDir)).toBe('700')
      expect(mode(password)).toBe('600')
    })

    it('gets a backup export only its owner can read', { timeout: patience(240_000) }, async () => {
      const out = path.join(root, 'backup.json.gz')
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/backup-export.ts', '--out', out],
        { env: { ...process.env, ...database.env } },
      )
      expect(stdout).toContain(`Backup written to ${out}`)
      expect(mode(out)).toBe('600')
    })
  })
})
