import { createInsertSchema } from 'drizzle-zod'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { MAX_TEXT, optionalImageUrl, optionalText, optionalUrl } from '../../http/fields.ts'
import { reviews } from '../../db/schema.ts'
import { jsonBody, parseId } from '../../http/validate.ts'
import { getGame } from '../../repos/games.repo.ts'
import {
  deleteReview,
  getReview,
  insertReview,
  listReviews,
  updateReview,
  type NewReview,
} from '../../repos/reviews.repo.ts'

const titleMessage = 'Please fill in the review title.'
const ratingMessage = 'The rating must be a number from 0 to 10.'

/** Out of 10 with one decimal, stored as numeric and answered as a string ('8.5'). */
const ratingField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}(\.\d+)?$/, ratingMessage),
    ],
    { message: ratingMessage },
  )
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 10, ratingMessage)
  .transform((n) => (Math.round(n * 10) / 10).toFixed(1))

const gameIdField = z
  .union([z.number().int().min(1).max(2_147_483_647), z.string().regex(/^[1-9]\d{0,9}$/), z.null(), z.literal('')], {
    message: 'The game must be a game id or empty.',
  })
  .transform((v) => (v === null || v === '' ? null : Number(v)))
  .refine((v) => v === null || v <= 2_147_483_647, 'The game must be a game id or empty.')

const reviewBody = createInsertSchema(reviews, {
  title: optionalText(300, 'The title'),
  content: optionalText(MAX_TEXT, 'The review text'),
  author: optionalText(200, 'The author'),
  rating: ratingField,
  imageUrl: optionalImageUrl(),
  sourceUrl: optionalUrl('The source URL'),
  gameId: gameIdField,
})
  .omit({ id: true, timestamp: true, createdAt: true, updatedAt: true })
  .partial()

const body = jsonBody(reviewBody, titleMessage)

async function toReviewValues(data: z.output<typeof reviewBody>, creating: boolean): Promise<Partial<NewReview>> {
  if (!data.title) throw badRequest(titleMessage)
  if (creating && data.rating === undefined) throw badRequest(ratingMessage)
  const values: Partial<NewReview> = { ...data }
  if ('sourceUrl' in values) values.sourceUrl = values.sourceUrl || null
  if (values.gameId && !(await getGame(values.gameId))) throw badRequest('The game of this review does not exist.')
  if (values.imageUrl) values.imageUrl = await materializeImageUrl(values.imageUrl)
  return values
}

export const reviewsRoutes = new Hono()
  .use(publicCache('reviews'))
  .get('/', async (c) => c.json(await listReviews()))
  .get('/:id', async (c) => {
    const review = await getReview(parseId(c))
    if (!review) throw notFound('Review not found')
    return c.json(review)
  })
  .post('/', body, async (c) => {
    const review = await insertReview((await toReviewValues(c.req.valid('json'), true)) as NewReview)
    recordWrite(c, { entity: 'review', id: review.id, summary: `Created review "${review.title}"`, tags: ['reviews'] })
    return c.json(review, 201)
  })
  .put('/:id', body, async (c) => {
    const id = parseId(c)
    const review = await updateReview(id, await toReviewValues(c.req.valid('json'), false))
    if (!review) throw notFound('Review not found')
    recordWrite(c, { entity: 'review', id, summary: `Updated review "${review.title}"`, tags: ['reviews'] })
    return c.json(review)
  })
  .delete('/:id', async (c) => {
    const id = parseId(c)
    if (!(await deleteReview(id))) throw notFound('Review not found')
    recordWrite(c, { entity: 'review', id, summary: `Deleted review ${id}`, tags: ['reviews'] })
    return c.json({ id, deleted: true })
  })
