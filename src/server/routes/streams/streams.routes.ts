import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { parseId } from '../../http/validate.ts'
import { getStream, listLiveStreams, listStreams } from './streams.repo.ts'

export const streamsRoutes = new Hono()
  .use(publicCache('streams'))
  .get('/', async (c) => c.json(await listStreams()))
  .get('/live', async (c) => c.json(await listLiveStreams()))
  .get('/:id', async (c) => {
    const stream = await getStream(parseId(c))
    if (!stream) throw notFound('Stream not found')
    return c.json(stream)
  })
