import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { parseId } from '../../http/validate.ts'
import { getReview, listReviews } from './reviews.repo.ts'

export const reviewsRoutes = new Hono()
  .use(publicCache('reviews'))
  .get('/', async (c) => c.json(await listReviews()))
  .get('/:id', async (c) => {
    const review = await getReview(parseId(c))
    if (!review) throw notFound('Review not found')
    return c.json(review)
  })
