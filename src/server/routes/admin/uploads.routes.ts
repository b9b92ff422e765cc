import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { MAX_IMAGE_BYTES, tooLarge } from '../../blobs/images.ts'
import { abortUpload, completeUpload, openUpload, putChunk } from '../../blobs/uploads.ts'
import { chunkBody } from '../../http/chunk-body.ts'
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

/** POST /api/admin/uploads, PUT .../:id/chunks/:index, POST .../:id/complete, DELETE .../:id. */
export const uploadsRoutes = new Hono()
  .post('/', jsonBody(openBody, 'size must be the file size in bytes.'), async (c) => {
    const { size } = c.req.valid('json')
    if (size > MAX_IMAGE_BYTES) throw tooLarge()
    return c.json(await openUpload(c.var.platform.blobs, size), 201)
  })
  .put('/:id/chunks/:index', async (c) => {
    const { index, bytes } = await chunkBody(c, 100)
    await putChunk(c.var.platform.blobs, c.req.param('id'), index, bytes)
    return c.json({ received: index })
  })
  .post('/:id/complete', async (c) => {
    const image = await completeUpload(c.var.platform.blobs, c.req.param('id'))
    recordWrite(c, { entity: 'image', id: image.key, summary: `Uploaded ${image.contentType}, ${image.size} bytes` })
    return c.json(image, 201)
  })
  .delete('/:id', async (c) => {
    await abortUpload(c.var.platform.blobs, c.req.param('id'))
    return c.json({ deleted: true })
  })
