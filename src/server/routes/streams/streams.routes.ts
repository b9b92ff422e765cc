import { Hono } from 'hono'
import { streamContract, streamRequiredMessage } from '../../../lib/forms/stream.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { withStoredImage } from '../../blobs/images.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import {
  deleteStream,
  getStream,
  insertStream,
  listLiveStreams,
  listStreams,
  updateStream,
} from '../../repos/streams.repo.ts'

/** The streams form's contract (src/lib/forms/stream.ts): title and stream URL required. */
const body = jsonBody(streamContract.schema, streamRequiredMessage)
const notFoundMessage = 'Stream not found'

export const streamsRoutes = new Hono()
  .use(publicCache(['streams']))
  .get('/', async (c) => c.json(await listStreams()))
  .get('/live', async (c) => c.json(await listLiveStreams()))
  .get('/:id', idParams(), async (c) => {
    const stream = await getStream(c.req.valid('param').id)
    if (!stream) throw notFound(notFoundMessage)
    return c.json(stream)
  })
  .post('/', body, async (c) => {
    const stream = await insertStream(await withStoredImage(c.var.platform.blobs, c.req.valid('json'), 'thumbnailUrl'))
    recordWrite(c, { entity: 'stream', id: stream.id, summary: `Created stream "${stream.title}"` })
    return c.json(stream, 201)
  })
  .put('/:id', idParams(), body, async (c) => {
    const { id } = c.req.valid('param')
    const stream = await updateStream(
      id,
      await withStoredImage(c.var.platform.blobs, c.req.valid('json'), 'thumbnailUrl'),
    )
    if (!stream) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'stream', id, summary: `Updated stream "${stream.title}"` })
    return c.json(stream)
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteStream(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'stream', id, summary: `Deleted stream ${id}` })
    return c.json({ id, deleted: true })
  })

/** Mounted at /api/admin/streams: the Streams tab's list, read fresh, never a CDN copy (docs/decisions/0702). */
export const streamsAdminRoutes = new Hono().use(noStore()).get('/', async (c) => c.json(await listStreams()))
