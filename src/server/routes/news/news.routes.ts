import { Hono } from 'hono'
import { z } from 'zod'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { parseId, parseQuery } from '../../http/validate.ts'
import { countNews, getNews, listNews } from './news.repo.ts'

const listQuery = z.object({
  search: z.string().max(200, 'The search term is too long.').optional(),
  category: z.string().max(100, 'The category is too long.').optional(),
  limit: z.coerce.number({ message: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit must be between 1 and 500.').max(500, 'limit must be between 1 and 500.').optional(),
  offset: z.coerce.number({ message: 'offset must be a number.' }).int('offset must be a whole number.').min(0, 'offset cannot be negative.').optional(),
  /** Cache buster the admin sends after a delete (spec 001); ignored here. */
  t: z.string().optional(),
})

export const newsRoutes = new Hono()
  .use(publicCache('news'))
  .get('/', async (c) => {
    const { t: _cacheBuster, ...filter } = parseQuery(c, listQuery)
    const [items, total] = await Promise.all([listNews(filter), countNews(filter)])
    c.header('X-Total-Count', String(total))
    return c.json(items)
  })
  .get('/:id', async (c) => {
    const article = await getNews(parseId(c))
    if (!article) throw notFound('Article not found')
    return c.json(article)
  })
