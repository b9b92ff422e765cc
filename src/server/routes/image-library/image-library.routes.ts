import { createInsertSchema } from 'drizzle-zod'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { MAX_TEXT, optionalImageUrl, optionalText } from '../../http/fields.ts'
import { imageLibrary } from '../../db/schema.ts'
import { jsonBody, idParams } from '../../http/validate.ts'
import {
  deleteLibraryImage,
  insertLibraryImage,
  listImagePool,
  listLibraryImages,
} from '../../repos/image-library.repo.ts'

const urlMessage = 'Please choose an image to add to the library.'

const libraryBody = createInsertSchema(imageLibrary, {
  url: optionalImageUrl('The image URL'),
  name: optionalText(200, 'The name'),
  category: optionalText(100, 'The category'),
  description: optionalText(MAX_TEXT, 'The description'),
  source: z.enum(['upload', 'ai', 'site', 'url'], { message: 'The source must be upload, ai, site or url.' }),
})
  .omit({ id: true, createdAt: true })
  .partial()

const body = jsonBody(libraryBody, urlMessage)

export const imageLibraryRoutes = new Hono()
  .use(publicCache(['image-library']))
  .get('/', async (c) => c.json(await listLibraryImages()))
  /**
   * Adds an image to the permanent library. A data URL (the chooser's upload) is decoded, checked
   * by its bytes and stored as a blob; the library keeps our URL (spec 001 defaults for name and category).
   */
  .post('/', body, async (c) => {
    const data = c.req.valid('json')
    if (!data.url) throw badRequest(urlMessage)
    const isDataUrl = data.url.startsWith('data:')
    const url = await materializeImageUrl(c.var.platform.blobs, data.url)
    const item = await insertLibraryImage({
      url,
      name: data.name || 'Racing Image',
      category: data.category || 'general',
      description: data.description ?? '',
      source: data.source ?? (isDataUrl || url.startsWith('/media/') ? 'upload' : 'url'),
    })
    recordWrite(c, { entity: 'image-library', id: item.id, summary: `Added "${item.name}" to the library` })
    return c.json(item, 201)
  })
  .delete('/:id', idParams(), async (c) => {
    const id = c.req.valid('param').id
    if (!(await deleteLibraryImage(id))) throw notFound('Image not found')
    recordWrite(c, { entity: 'image-library', id, summary: `Removed library image ${id}` })
    return c.json({ id, deleted: true })
  })

/** GET /api/images: the admin's combined pool (not public). */
export const imagesRoutes = new Hono().use(noStore()).get('/', async (c) => c.json(await listImagePool()))

/** Mounted at /api/admin/image-library: the Images tab's list, read fresh, never a CDN copy (docs/decisions/0702). */
export const imageLibraryAdminRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await listLibraryImages()))
