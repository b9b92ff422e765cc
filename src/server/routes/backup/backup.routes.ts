import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { FUNCTION_BACKUP_MS } from '../../backup/archive.ts'
import { archiveFileName, exportForDownload } from '../../backup/export.ts'
import { restoreArchive } from '../../backup/restore.ts'
import {
  backupTooLarge,
  EXPORT_KEPT_MS,
  exportDownloads,
  MAX_BACKUP_BYTES,
  MAX_BACKUP_CHUNKS,
  restoreUploads,
} from '../../backup/upload.ts'
import { noStore } from '../../http/cache.ts'
import { chunkBody } from '../../http/chunk-body.ts'
import { badRequest } from '../../http/errors.ts'
import { intFrom } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'

const openMessage = 'size must be the backup file size in bytes.'
const openBody = z.object(
  {
    size: z.number({ message: openMessage }).int(openMessage).min(1, 'The backup file is empty.'),
  },
  { message: openMessage },
)

const completeMessage = 'replace must be true or false.'
const completeBody = z.object(
  { replace: z.boolean({ message: completeMessage }).default(false) },
  { message: completeMessage },
)

const exportChunk = intFrom('The chunk index', 0, MAX_BACKUP_CHUNKS - 1)

/**
 * The download: POST /exports builds the archive into chunks as it reads the site (a buffered
 * function answers at most about 6 MB, a site with its images is more; decision 0611), GET /exports/:id/chunks/:index hands out each,
 * DELETE /exports/:id removes it once saved. The restore: POST /restores {size},
 * PUT /restores/:id/chunks/:index, POST /restores/:id/complete {replace}, DELETE /restores/:id
 * (docs/decisions/0610-backup-archive.md).
 */
export const backupRoutes = new Hono()
  .use(noStore())
  .post('/exports', async (c) => {
    const now = new Date()
    await exportDownloads(c.var.platform.blobs).removeOpenedBefore(new Date(now.getTime() - EXPORT_KEPT_MS))
    const { download, ...summary } = await exportForDownload(c.var.platform.blobs, {
      now,
      deadline: now.getTime() + FUNCTION_BACKUP_MS,
    })
    recordWrite(c, {
      entity: 'backup',
      summary: `Exported a backup: ${summary.rows} rows, ${summary.images} images, ${summary.bytes} bytes`,
    })
    return c.json({ ...download, fileName: archiveFileName(summary.createdAt) }, 201)
  })
  .get('/exports/:id/chunks/:index', async (c) => {
    const index = exportChunk.safeParse(c.req.param('index'))
    if (!index.success) throw badRequest('The chunk index must be a whole number.')
    const bytes = await exportDownloads(c.var.platform.blobs).readChunk(c.req.param('id'), index.data)
    return c.body(new Uint8Array(bytes).buffer, 200, { 'Content-Type': 'application/octet-stream' })
  })
  .delete('/exports/:id', async (c) => {
    await exportDownloads(c.var.platform.blobs).remove(c.req.param('id'))
    return c.json({ deleted: true })
  })
  .post('/restores', jsonBody(openBody, openMessage), async (c) => {
    const { size } = c.req.valid('json')
    if (size > MAX_BACKUP_BYTES) throw backupTooLarge()
    const now = new Date()
    await restoreUploads(c.var.platform.blobs).removeOpenedBefore(new Date(now.getTime() - EXPORT_KEPT_MS))
    const { id, chunkSize, chunks } = await restoreUploads(c.var.platform.blobs).open(size, now)
    return c.json({ id, chunkSize, chunks }, 201)
  })
  .put('/restores/:id/chunks/:index', async (c) => {
    const { index, bytes } = await chunkBody(c, MAX_BACKUP_CHUNKS)
    await restoreUploads(c.var.platform.blobs).put(c.req.param('id'), index, bytes)
    return c.json({ received: index })
  })
  .post('/restores/:id/complete', jsonBody(completeBody, completeMessage), async (c) => {
    const { replace } = c.req.valid('json')
    const id = c.req.param('id')
    const uploads = restoreUploads(c.var.platform.blobs)
    try {
      const summary = await restoreArchive(c.var.platform.blobs, () => uploads.stream(id), {
        replace,
        deadline: Date.now() + FUNCTION_BACKUP_MS,
      })
      recordWrite(c, {
        entity: 'backup',
        // Its instant as ISO: the Activity tab writes it in the zone of the day it is read (panel-time.ts inText).
        summary: `Restored the backup of ${summary.createdAt}: ${summary.rows} rows, ${summary.images} images${replace ? ', replacing all content' : ''}`,
        // Every page may show restored content: the whole site is purged.
      })
      return c.json(summary)
    } finally {
      await uploads.remove(id)
    }
  })
  .delete('/restores/:id', async (c) => {
    await restoreUploads(c.var.platform.blobs).remove(c.req.param('id'))
    return c.json({ deleted: true })
  })
