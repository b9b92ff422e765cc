import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { parseId } from '../../http/validate.ts'
import { getAccessory, listAccessories, listFeaturedAccessories } from './accessories.repo.ts'

export const accessoriesRoutes = new Hono()
  .use(publicCache('accessories'))
  .get('/', async (c) => c.json(await listAccessories()))
  .get('/featured', async (c) => c.json(await listFeaturedAccessories()))
  .get('/:id', async (c) => {
    const item = await getAccessory(parseId(c))
    if (!item) throw notFound('Hardware item not found')
    return c.json(item)
  })
