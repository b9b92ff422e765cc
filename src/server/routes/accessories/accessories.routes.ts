import { createInsertSchema } from 'drizzle-zod'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { boolFrom, MAX_TEXT, optionalImageUrl, optionalText, optionalUrl } from '../../http/fields.ts'
import { jsonBody, parseId } from '../../http/validate.ts'
import { accessories } from '../../db/schema.ts'
import {
  deleteAccessory,
  getAccessory,
  insertAccessory,
  listAccessories,
  listFeaturedAccessories,
  updateAccessory,
  type NewAccessory,
} from '../../repos/accessories.repo.ts'

const requiredMessage = 'Please fill in the accessory name and purchase URL.'

/** The hardware form's body, derived from the accessories table. */
const accessoryBody = createInsertSchema(accessories, {
  name: optionalText(300, 'The name'),
  brand: optionalText(200, 'The brand'),
  category: optionalText(100, 'The category'),
  purchaseUrl: optionalUrl('The purchase URL'),
  imageUrl: optionalImageUrl(),
  description: optionalText(MAX_TEXT, 'The description'),
  // Sent by the form, but every save forces them (spec 001 section 5).
  rating: z.unknown(),
  price: z.unknown(),
  featured: boolFrom('featured'),
})
  .omit({ id: true, createdAt: true, updatedAt: true })
  .partial()

async function toAccessoryValues(data: z.output<typeof accessoryBody>): Promise<Partial<NewAccessory>> {
  if (!data.name || !data.purchaseUrl) throw badRequest(requiredMessage)
  const { rating: _rating, price: _price, ...values } = data
  if (values.imageUrl) values.imageUrl = await materializeImageUrl(values.imageUrl)
  return { ...values, rating: '4.5', price: 'Contact Manufacturer' }
}

const body = jsonBody(accessoryBody, requiredMessage)

export const accessoriesRoutes = new Hono()
  .use(publicCache('accessories'))
  .get('/', async (c) => c.json(await listAccessories()))
  .get('/featured', async (c) => c.json(await listFeaturedAccessories()))
  .get('/:id', async (c) => {
    const item = await getAccessory(parseId(c))
    if (!item) throw notFound('Hardware item not found')
    return c.json(item)
  })
  .post('/', body, async (c) => {
    const item = await insertAccessory((await toAccessoryValues(c.req.valid('json'))) as NewAccessory)
    recordWrite(c, {
      entity: 'accessory',
      id: item.id,
      summary: `Created hardware "${item.name}"`,
      tags: ['accessories'],
    })
    return c.json(item, 201)
  })
  .put('/:id', body, async (c) => {
    const id = parseId(c)
    const item = await updateAccessory(id, await toAccessoryValues(c.req.valid('json')))
    if (!item) throw notFound('Hardware item not found')
    recordWrite(c, { entity: 'accessory', id, summary: `Updated hardware "${item.name}"`, tags: ['accessories'] })
    return c.json(item)
  })
  .delete('/:id', async (c) => {
    const id = parseId(c)
    if (!(await deleteAccessory(id))) throw notFound('Hardware item not found')
    recordWrite(c, { entity: 'accessory', id, summary: `Deleted hardware ${id}`, tags: ['accessories'] })
    return c.json({ id, deleted: true })
  })
