import { Hono } from 'hono'
import { accessoryContract, accessoryRequiredMessage, accessoryUpdateContract } from '../../../lib/forms/accessory.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { withStoredImage } from '../../blobs/images.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import {
  deleteAccessory,
  getAccessory,
  insertAccessory,
  listAccessories,
  updateAccessory,
} from '../../repos/accessories.repo.ts'
import { featuredGear } from '../../features/audience/index.ts'

/** The hardware form's contract (src/lib/forms/accessory.ts): name and purchase URL required. */
const body = jsonBody(accessoryContract.schema, accessoryRequiredMessage)
const updateBody = jsonBody(accessoryUpdateContract.schema, accessoryRequiredMessage)
const notFoundMessage = 'Hardware item not found'

export const accessoriesRoutes = new Hono()
  .use(publicCache(['accessories']))
  .get('/', async (c) => c.json(await listAccessories()))
  .get('/featured', async (c) => c.json(await featuredGear()))
  .get('/:id', idParams(), async (c) => {
    const item = await getAccessory(c.req.valid('param').id)
    if (!item) throw notFound(notFoundMessage)
    return c.json(item)
  })
  .post('/', body, async (c) => {
    const item = await insertAccessory(await withStoredImage(c.var.platform.blobs, c.req.valid('json'), 'imageUrl'))
    recordWrite(c, {
      entity: 'accessory',
      id: item.id,
      summary: `Created hardware "${item.name}"`,
    })
    return c.json(item, 201)
  })
  .put('/:id', idParams(), updateBody, async (c) => {
    const { id } = c.req.valid('param')
    const item = await updateAccessory(id, await withStoredImage(c.var.platform.blobs, c.req.valid('json'), 'imageUrl'))
    if (!item) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'accessory', id, summary: `Updated hardware "${item.name}"` })
    return c.json(item)
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteAccessory(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'accessory', id, summary: `Deleted hardware ${id}` })
    return c.json({ id, deleted: true })
  })

/** Mounted at /api/admin/accessories: the Hardware tab's list, read fresh, never a CDN copy (docs/decisions/0702). */
export const accessoriesAdminRoutes = new Hono().use(noStore()).get('/', async (c) => c.json(await listAccessories()))
