import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { MAX_IMAGE_BYTES, tooLarge } from '../../blobs/images.ts'
import { abortUpload, completeUpload, MAX_CHUNK_BYTES, openUpload, putChunk } from '../../blobs/uploads.ts'
import { ApiError, badRequest } from '../../http/errors.ts'
import { intFrom } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'

const openBody = z.object(
  {
    size: z
      .number({ message: 'size must be the file size in bytes.' })
      .int('size must be the file size in bytes.')
      .min(1, 'The file is empty.'),
    name: z.string().max(300).optional(),
  },
  { message: 'size must be the file size in bytes.' },
)

const chunkIndex = intFrom('The chunk index', 0, 99)

/** POST /api/admin/uploads, PUT .../:id/chunks/:index, POST .../:id/complete, DELETE .../:id. */
export const uploadsRoutes = new Hono()
  .post('/', jsonBody(openBody, 'size must be the file size in bytes.'), async (c) => {
    const { size } = c.req.valid('json')
    if (size > MAX_IMAGE_BYTES) throw tooLarge()
    return c.json(await openUpload(size), 201)
  })
  .put('/:id/chunks/:index', async (c) => {
    const index = chunkIndex.safeParse(c.req.param('index'))
    if (!index.success) throw badRequest('The chunk index must be a whole number.')
    const type = c.req.header('content-type') ?? ''
    if (type && !type.startsWith('application/octet-stream')) {
      throw new ApiError(415, 'Chunks must be sent as application/octet-stream.')
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    if (bytes.length > MAX_CHUNK_BYTES) throw new ApiError(413, 'A chunk may hold at most 4 MB.')
    await putChunk(c.req.param('id'), index.data, bytes)
    return c.json({ received: index.data })
  })
  .post('/:id/complete', async (c) => {
    const image = await completeUpload(c.req.param('id'))
    recordWrite(c, { entity: 'image', id: image.key, summary: `Uploaded ${image.contentType}, ${image.size} bytes` })
    return c.json(image, 201)
  })
  .delete('/:id', async (c) => {
    await abortUpload(c.req.param('id'))
    return c.json({ deleted: true })
  })
