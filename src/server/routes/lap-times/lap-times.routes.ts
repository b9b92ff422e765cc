import { Hono } from 'hono'
import { z } from 'zod'
import { publicCache } from '../../http/cache.ts'
import { intFrom, optionalText } from '../../http/fields.ts'
import { queryParams } from '../../http/validate.ts'
import { findLapRecords, listTrackRecords } from '../../repos/lap-times.repo.ts'

/** A page of records when none is asked for; at most this many at once. */
export const LAP_TIMES_PAGE = 50
export const LAP_TIMES_MAX = 500

const lapTimesQuery = z.object({
  track: optionalText(200, 'The track').optional(),
  car: optionalText(200, 'The car').optional(),
  limit: intFrom('limit', 1, LAP_TIMES_MAX).optional(),
  offset: intFrom('offset', 0, 10_000_000).optional(),
  // The admin's cache buster (decision 0005), accepted and ignored.
  t: z.string().optional(),
})

/**
 * GET /api/lap-times (docs/decisions/0423): the fastest valid lap of each driver per track and car,
 * fastest first, from the imported race results; `track` and `car` filter (exact names), `limit`
 * (1-500, default 50) and `offset` page, and `X-Total-Count` says how many records match.
 * GET /api/lap-times/tracks: every track with its cars and its 10 fastest records (the page's data).
 */
export const lapTimesRoutes = new Hono()
  // Keyed on the filters and the page: one copy per track, car and page at the CDN.
  .use(publicCache(['lap-times'], { query: ['track', 'car', 'limit', 'offset'] }))
  .get('/', queryParams(lapTimesQuery), async (c) => {
    const q = c.req.valid('query')
    const { items, total } = await findLapRecords({
      track: q.track || undefined,
      car: q.car || undefined,
      limit: q.limit ?? LAP_TIMES_PAGE,
      offset: q.offset ?? 0,
    })
    c.header('X-Total-Count', String(total))
    c.header('Access-Control-Expose-Headers', 'X-Total-Count')
    return c.json(items)
  })
  .get('/tracks', async (c) => c.json(await listTrackRecords()))
