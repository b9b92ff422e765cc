/**
 * npm run backup:export -- [--out <file>]: the same archive as the System tab's Download Backup,
 * from the database and Blobs the site uses (docs/decisions/0610-backup-archive.md).
 */
import { parseArgs } from 'node:util'
import { encodeArchive } from '../src/server/backup/archive.ts'
import { archiveFileName, exportArchive } from '../src/server/backup/export.ts'
import { closeDb } from '../src/server/db/client.ts'
import { ensureDatabase } from './local-platform/database.ts'
import { writePrivateFile } from './local-platform/private-files.ts'
import { connectSiteBlobs } from './local-platform/site-blobs.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })

const database = await ensureDatabase()
const blobs = await connectSiteBlobs()
try {
  const archive = await exportArchive(blobs.stores)
  const out = values.out ?? archiveFileName(archive.createdAt)
  const file = encodeArchive(archive)
  // The archive holds every setting and the audit log: the owner's to read, nobody else's.
  writePrivateFile(out, file)
  const rows = Object.values(archive.tables).reduce((n, t) => n + t.length, 0)
  console.log(
    `Backup written to ${out}: ${rows} rows, ${archive.media.length} images (${(file.length / 1024 / 1024).toFixed(1)} MB), migration ${archive.migration}. Images from ${blobs.where}.`,
  )
} finally {
  await blobs.stop()
  await closeDb()
  await database.stop()
}
