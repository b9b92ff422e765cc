import { Hono } from 'hono'
import {
  reviewContract,
  reviewTitleMessage,
  reviewUpdateContract,
  type ReviewUpdateValues,
} from '../../../lib/forms/review.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { withStoredImage } from '../../blobs/images.ts'
import type { BlobStores } from '../../blobs/store.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import { getGame } from '../../repos/games.repo.ts'
import { deleteReview, getReview, insertReview, listReviews, updateReview } from '../../repos/reviews.repo.ts'

const notFoundMessage = 'Review not found'

/** The server's step after the contract: the game must exist, and an uploaded picture is stored. */
async function toRow<T extends ReviewUpdateValues>(blobs: BlobStores, review: T): Promise<T> {
  if (review.gameId && !(await getGame(review.gameId))) throw badRequest('The game of this review does not exist.')
  return withStoredImage(blobs, review, 'imageUrl')
}

export const reviewsRoutes = new Hono()
  .use(publicCache(['reviews']))
  .get('/', async (c) => c.json(await listReviews()))
  .get('/:id', idParams(), async (c) => {
    const review = await getReview(c.req.valid('param').id)
    if (!review) throw notFound(notFoundMessage)
    return c.json(review)
  })
  .post('/', jsonBody(reviewContract.schema, reviewTitleMessage), async (c) => {
    const review = await insertReview(await toRow(c.var.platform.blobs, c.req.valid('json')))
    recordWrite(c, { entity: 'review', id: review.id, summary: `Created review "${review.title}"` })
    return c.json(review, 201)
  })
  .put('/:id', idParams(), jsonBody(reviewUpdateContract.schema, reviewTitleMessage), async (c) => {
    const { id } = c.req.valid('param')
    const review = await updateReview(id, await toRow(c.var.platform.blobs, c.req.valid('json')))
    if (!review) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'review', id, summary: `Updated review "${review.title}"` })
    return c.json(review)
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteReview(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'review', id, summary: `Deleted review ${id}` })
    return c.json({ id, deleted: true })
  })

/** Mounted at /api/admin/reviews: the Reviews tab's list, read fresh, never a CDN copy (docs/decisions/0702). */
export const reviewsAdminRoutes = new Hono().use(noStore()).get('/', async (c) => c.json(await listReviews()))
