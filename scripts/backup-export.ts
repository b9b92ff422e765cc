/**
 * npm run backup:export -- [--out <file>]: the same archive as the System tab's Download Backup,
 * from the database and Blobs the site uses (docs/decisions/0610-backup-archive.md, 0611), written
 * to the file as it is read: memory holds a batch of rows and one image, whatever the site's size.
 */
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import { finished } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { archiveWriter } from '../src/server/backup/archive-writer.ts'
import { archiveFileName, exportArchive } from '../src/server/backup/export.ts'
import { MAX_BACKUP_BYTES } from '../src/server/backup/upload.ts'
import { closeDb } from '../src/server/db/client.ts'
import { ensureDatabase } from './local-platform/database.ts'
import { createPrivateFile } from './local-platform/private-files.ts'
import { connectSiteBlobs } from './local-platform/site-blobs.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })

const now = new Date()
const out = values.out ?? archiveFileName(now.toISOString())
const database = await ensureDatabase()
const blobs = await connectSiteBlobs()
// The archive holds every setting and the site's History: the owner's to read, nobody else's.
const file = createPrivateFile(out)
try {
  const writer = archiveWriter(async (bytes) => {
    if (!file.write(bytes)) await once(file, 'drain')
  })
  const summary = await exportArchive(blobs.stores, writer, { now })
  file.end()
  await finished(file)
  const mb = (summary.bytes / 1024 / 1024).toFixed(1)
  console.log(
    `Backup written to ${out}: ${summary.rows} rows, ${summary.images} images (${mb} MB), migration ${summary.migration}. Images from ${blobs.where}.`,
  )
  if (summary.bytes > MAX_BACKUP_BYTES) {
    console.log(
      `It is larger than the ${MAX_BACKUP_BYTES / 1024 / 1024} MB the System tab's Restore Backup takes: restore it with npm run backup:restore.`,
    )
  }
} catch (error) {
  file.destroy()
  rmSync(out, { force: true })
  throw error
} finally {
  await blobs.stop()
  await closeDb()
  await database.stop()
}
