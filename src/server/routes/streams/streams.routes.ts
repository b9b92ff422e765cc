import { createInsertSchema } from 'drizzle-zod'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { boolFrom, dateFrom, MAX_TEXT, optionalImageUrl, optionalText, optionalUrl } from '../../http/fields.ts'
import { streams } from '../../db/schema.ts'
import { jsonBody, parseId } from '../../http/validate.ts'
import {
  deleteStream,
  getStream,
  insertStream,
  listLiveStreams,
  listStreams,
  updateStream,
  type NewStream,
} from '../../repos/streams.repo.ts'

const requiredMessage = 'Please fill in the Stream Title and Stream URL fields'

/** Tags: an array, or the form's comma-separated text (spec 001). */
const tagsField = z
  .union(
    [
      z.array(z.string().max(50, 'A tag is too long.')).max(20, 'At most 20 tags.'),
      z.string().max(1000, 'The tags are too long.'),
      z.null(),
    ],
    {
      message: 'The tags must be a list or comma-separated text.',
    },
  )
  .transform((v) =>
    (typeof v === 'string' ? v.split(',') : (v ?? []))
      .map((t) => t.trim())
      .filter((t) => t.length > 0 && !t.includes('\u0000'))
      .slice(0, 20),
  )

/** viewerCount: parsed to an integer, 0 when blank (spec 001). */
const viewerCountField = z
  .union([z.number(), z.string().max(20), z.null()], { message: 'The viewer count must be a whole number.' })
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return 0
    const n = typeof v === 'number' ? v : Number.parseInt(v, 10)
    if (!Number.isSafeInteger(Math.trunc(n)) || n < 0 || n > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: 'The viewer count must be a whole number.' })
      return z.NEVER
    }
    return Math.trunc(n)
  })

const streamBody = createInsertSchema(streams, {
  title: optionalText(300, 'The title'),
  streamUrl: optionalUrl('The stream URL'),
  category: optionalText(100, 'The category'),
  description: optionalText(MAX_TEXT, 'The description'),
  thumbnailUrl: optionalImageUrl('The thumbnail URL'),
  streamerName: optionalText(200, 'The streamer name'),
  startTime: z.union([dateFrom('The start time'), z.null()]),
  endTime: z.union([dateFrom('The end time'), z.null(), z.literal('')]),
  isLive: boolFrom('isLive'),
  viewerCount: viewerCountField,
  tags: tagsField,
})
  .omit({ id: true, createdAt: true, updatedAt: true })
  .partial()

const body = jsonBody(streamBody, requiredMessage)

async function toStreamValues(data: z.output<typeof streamBody>, creating: boolean): Promise<Partial<NewStream>> {
  if (!data.title || !data.streamUrl) throw badRequest(requiredMessage)
  const { startTime, endTime, ...rest } = data
  const values: Partial<NewStream> = { ...rest }
  if (startTime) values.startTime = startTime
  if (endTime !== undefined) values.endTime = endTime === '' || endTime === null ? null : endTime
  if (values.endTime && values.startTime && values.endTime < values.startTime)
    throw badRequest('The end time must be after the start time.')
  if (creating) {
    values.category ||= 'Racing'
    values.viewerCount ??= 0
  } else if (values.category === '') values.category = 'Racing'
  if (values.thumbnailUrl) values.thumbnailUrl = await materializeImageUrl(values.thumbnailUrl)
  return values
}

export const streamsRoutes = new Hono()
  .use(publicCache('streams'))
  .get('/', async (c) => c.json(await listStreams()))
  .get('/live', async (c) => c.json(await listLiveStreams()))
  .get('/:id', async (c) => {
    const stream = await getStream(parseId(c))
    if (!stream) throw notFound('Stream not found')
    return c.json(stream)
  })
  .post('/', body, async (c) => {
    const stream = await insertStream((await toStreamValues(c.req.valid('json'), true)) as NewStream)
    recordWrite(c, { entity: 'stream', id: stream.id, summary: `Created stream "${stream.title}"`, tags: ['streams'] })
    return c.json(stream, 201)
  })
  .put('/:id', body, async (c) => {
    const id = parseId(c)
    const stream = await updateStream(id, await toStreamValues(c.req.valid('json'), false))
    if (!stream) throw notFound('Stream not found')
    recordWrite(c, { entity: 'stream', id, summary: `Updated stream "${stream.title}"`, tags: ['streams'] })
    return c.json(stream)
  })
  .delete('/:id', async (c) => {
    const id = parseId(c)
    if (!(await deleteStream(id))) throw notFound('Stream not found')
    recordWrite(c, { entity: 'stream', id, summary: `Deleted stream ${id}`, tags: ['streams'] })
    return c.json({ id, deleted: true })
  })
