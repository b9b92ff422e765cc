/**
 * npm run backup:restore -- <file> [--replace]: restores an archive into the database and Blobs
 * the site uses, as the System tab's Restore Backup does (docs/decisions/0610-backup-archive.md,
 * 0611), reading the file as a stream: any size, no function's time limit.
 * A site with content is refused unless --replace is given; nothing is half-written on failure.
 * A site that never started (a new machine: an empty data folder, or an empty DATABASE_URL
 * database) is brought up to date first: the embedded database is started and every migration
 * applied, as `npm start` would (docs/admin.md, "Restoring on a new machine").
 */
import { createReadStream, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { appendAudit } from '../src/server/audit/audit.ts'
import type { ArchiveSource } from '../src/server/backup/archive.ts'
import { checkArchive, restoreArchive } from '../src/server/backup/restore.ts'
import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ApiError } from '../src/server/http/errors.ts'
import { platformFromEnv } from '../src/server/platform-from-env.ts'
import { ensureDatabase } from './local-platform/database.ts'
import { connectSiteBlobs } from './local-platform/site-blobs.ts'

const { values, positionals } = parseArgs({
  options: { replace: { type: 'boolean', default: false } },
  allowPositionals: true,
})
const path = positionals[0]
if (!path || positionals.length > 1) {
  console.error('Usage: npm run backup:restore -- <file> [--replace]')
  process.exit(2)
}

const source: ArchiveSource = () => createReadStream(path)

/** The archive, read and checked whole before anything is started or created: a wrong file leaves a new machine as it was. */
async function checkFile(): Promise<void> {
  try {
    statSync(path!)
  } catch (error) {
    console.error(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  try {
    await checkArchive(source)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

await checkFile()
const database = await ensureDatabase()
const blobs = await connectSiteBlobs()
let code = 0
try {
  // A site that never started has no tables yet ('relation "games" does not exist').
  await runMigrations()
  const summary = await restoreArchive(blobs.stores, source, { replace: values.replace })
  await appendAudit({
    method: 'CLI',
    route: 'npm run backup:restore',
    entity: 'backup',
    entityId: null,
    summary: `Restored the backup of ${summary.createdAt}: ${summary.rows} rows, ${summary.images} images${values.replace ? ', replacing all content' : ''}`,
  })
  // Every page may show restored content. A deployed site's CDN is purged with the site's token
  // (NETLIFY_PURGE_API_TOKEN and SITE_ID in the environment); `npm start` keeps its cache in memory,
  // so restart it, or use 'Purge Everything' in the System tab.
  await platformFromEnv().purger.purgeEverything()
  console.log(`Restored the backup of ${summary.createdAt}: ${summary.rows} rows, ${summary.images} images.`)
} catch (error) {
  if (!(error instanceof ApiError)) throw error
  code = 1
  console.error(error.status === 409 ? `${error.message} (add --replace to the command)` : error.message)
} finally {
  await blobs.stop()
  await closeDb()
  await database.stop()
}
process.exit(code)
