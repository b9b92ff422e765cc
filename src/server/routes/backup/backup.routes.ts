import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { decodeArchive, encodeArchive } from '../../backup/archive.ts'
import { archiveFileName, exportArchive } from '../../backup/export.ts'
import { restoreArchive } from '../../backup/restore.ts'
import {
  abortBackupUpload,
  backupTooLarge,
  MAX_BACKUP_BYTES,
  MAX_BACKUP_CHUNKS,
  openBackupUpload,
  putBackupChunk,
  readBackupUpload,
} from '../../backup/upload.ts'
import { MAX_CHUNK_BYTES } from '../../blobs/uploads.ts'
import { ApiError, badRequest } from '../../http/errors.ts'
import { noStore } from '../../http/cache.ts'
import { intFrom } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { publishTags } from '../../publish/tags.ts'

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

const chunkIndex = intFrom('The chunk index', 0, MAX_BACKUP_CHUNKS - 1)

/**
 * GET /api/admin/backup/export (the archive as a download), and the restore: POST /restores {size},
 * PUT /restores/:id/chunks/:index, POST /restores/:id/complete {replace}, DELETE /restores/:id
 * (docs/decisions/0610-backup-archive.md).
 */
export const backupRoutes = new Hono()
  .use(noStore())
  .get('/export', async (c) => {
    const archive = await exportArchive()
    const file = encodeArchive(archive)
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${archiveFileName(archive.createdAt)}"`,
    })
  })
  .post('/restores', jsonBody(openBody, openMessage), async (c) => {
    const { size } = c.req.valid('json')
    if (size > MAX_BACKUP_BYTES) throw backupTooLarge()
    return c.json(await openBackupUpload(size), 201)
  })
  .put('/restores/:id/chunks/:index', async (c) => {
    const index = chunkIndex.safeParse(c.req.param('index'))
    if (!index.success) throw badRequest('The chunk index must be a whole number.')
    const type = c.req.header('content-type') ?? ''
    if (type && !type.startsWith('application/octet-stream')) {
      throw new ApiError(415, 'Chunks must be sent as application/octet-stream.')
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    if (bytes.length > MAX_CHUNK_BYTES) throw new ApiError(413, 'A chunk may hold at most 4 MB.')
    await putBackupChunk(c.req.param('id'), index.data, bytes)
    return c.json({ received: index.data })
  })
  .post('/restores/:id/complete', jsonBody(completeBody, completeMessage), async (c) => {
    const { replace } = c.req.valid('json')
    const id = c.req.param('id')
    const file = await readBackupUpload(id)
    try {
      const summary = await restoreArchive(decodeArchive(file), { replace })
      recordWrite(c, {
        entity: 'backup',
        summary: `Restored the backup of ${summary.createdAt}: ${summary.rows} rows, ${summary.images} images${replace ? ', replacing all content' : ''}`,
        tags: [...publishTags],
      })
      return c.json(summary)
    } finally {
      await abortBackupUpload(id)
    }
  })
  .delete('/restores/:id', async (c) => {
    await abortBackupUpload(c.req.param('id'))
    return c.json({ deleted: true })
  })
