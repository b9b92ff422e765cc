/**
 * npm run backup:restore -- <file> [--replace]: restores an archive into the database and Blobs
 * the site uses, as the System tab's Restore Backup does (docs/decisions/0610-backup-archive.md).
 * A site with content is refused unless --replace is given; nothing is half-written on failure.
 * A site that never started (a new machine: an empty data folder, or an empty DATABASE_URL
 * database) is brought up to date first: the embedded database is started and every migration
 * applied, as `npm start` would (docs/admin.md, "Restoring on a new machine").
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { appendAudit } from '../src/server/audit/audit.ts'
import { decodeArchive, type BackupArchive } from '../src/server/backup/archive.ts'
import { restoreArchive } from '../src/server/backup/restore.ts'
import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ApiError } from '../src/server/http/errors.ts'
import { platformFromEnv } from '../src/server/platform.ts'
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

/** The archive, read and checked before anything is started or created: a wrong file leaves a new machine as it was. */
function readArchive(file: string): BackupArchive {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch (error) {
    console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  try {
    return decodeArchive(bytes)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const archive = readArchive(path)
const database = await ensureDatabase()
const blobs = await connectSiteBlobs()
let code = 0
try {
  // A site that never started has no tables yet ('relation "games" does not exist').
  await runMigrations()
  const summary = await restoreArchive(blobs.stores, archive, { replace: values.replace })
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
  await platformFromEnv().publisher.purgeEverything()
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
