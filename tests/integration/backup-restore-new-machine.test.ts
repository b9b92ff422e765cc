import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { getTableName } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { gunzipSync, gzipSync } from 'node:zlib'
import { ARCHIVE_FORMAT, knownMigrations } from '../../src/server/backup/archive.ts'
import { backupTables } from '../../src/server/backup/tables.ts'
import { tinyPng } from '../helpers/blobs.ts'
import { patience } from '../helpers/patience.ts'

/**
 * The disaster case (issue 25): a new machine, the code checked out, an empty data folder (the site
 * never started), and yesterday's backup. `npm run backup:restore` must bring the embedded database
 * up to date itself and restore into it; it crashed with 'relation "games" does not exist'.
 */
const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const work = mkdtempSync(path.join(os.tmpdir(), 'restore-new-machine-'))
const port = 20000 + Math.floor(Math.random() * 20000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The command as npm runs it, on the site's own Node, against the new machine's data folder. */
const script = (name: string, args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port), DATABASE_URL: '' },
    timeout: patience(240_000),
  })

/** A backup as exports wrote it before 2026-11-27 (format version 1, one JSON document): still restored. */
function backupOf(game: Record<string, unknown>, image: Buffer): Buffer {
  const key = `${createHash('sha256').update(image).digest('hex')}.png`
  const tables = Object.fromEntries(backupTables.map(({ table }) => [getTableName(table), [] as unknown[]]))
  tables.games = [{ ...game, image_url: `/media/${key}` }]
  return gzipSync(
    JSON.stringify({
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: '2026-11-23T08:00:00.000Z',
      migration: knownMigrations.at(-1)!,
      tables,
      media: [{ key, metadata: { type: 'image/png' }, data: image.toString('base64') }],
    }),
  )
}

describe('npm run backup:restore on a new machine', () => {
  it(
    'migrates the empty embedded database, restores the content and images, and a backup of it gives them back',
    async () => {
      const file = path.join(work, 'simracing-backup-2026-11-23.json.gz')
      const game = {
        id: 41,
        title: 'Restored on a new machine',
        price: 'Subscription from $13/month',
        created_at: '2026-11-01T10:00:00.123456+00:00',
        updated_at: '2026-11-02T10:00:00.654321+00:00',
      }
      writeFileSync(file, backupOf(game, tinyPng))
      const dataDir = path.join(work, 'data')
      expect(existsSync(dataDir)).toBe(false)

      const restored = await script('backup-restore', [file], dataDir)
      expect(restored.stdout).toContain('Restored the backup of 2026-11-23T08:00:00.000Z: 1 rows, 1 images.')

      // What was restored is what the site now holds: a backup of the new machine has the row and the image.
      const out = path.join(work, 'again.json.gz')
      await script('backup-export', ['--out', out], dataDir)
      const again = gunzipSync(readFileSync(out))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { t?: string; r?: unknown; image?: { data: string } })
      expect(again[0]).toMatchObject({ format: ARCHIVE_FORMAT, version: 2 })
      expect(again.filter((l) => l.t === 'games').map((l) => l.r)).toEqual([
        expect.objectContaining({ ...game, image_url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.png$/) }),
      ])
      const images = again.flatMap((l) => (l.image ? [l.image] : []))
      expect(images.map((m) => Buffer.from(m.data, 'base64').equals(tinyPng))).toEqual([true])
    },
    patience(600_000),
  )

  it('leaves a new machine as it was when the file cannot be read', async () => {
    const dataDir = path.join(work, 'untouched')
    const missing = path.join(work, 'no-such-backup.json.gz')
    const failed = await script('backup-restore', [missing], dataDir).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stderr).toContain(`Cannot read ${missing}`)
    expect(existsSync(dataDir)).toBe(false)
  })
})
