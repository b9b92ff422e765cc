import { Hono } from 'hono'
import { z } from 'zod'
import { isSeoPage, type SeoPage } from '../../../lib/seo-defaults.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { badRequest } from '../../http/errors.ts'
import { optionalText, requiredText } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { getSeoSettings, listSeoSettings, resetSeoSettings, saveSeoSettings } from '../../repos/seo.repo.ts'

const seoBody = z.object(
  {
    title: requiredText('Please fill in the page title.', 200, 'The title'),
    description: requiredText('Please fill in the page description.', 500, 'The description'),
    // Optional like every other optional text field: a body without it is not a raw zod message.
    keywords: optionalText(500, 'The keywords').optional(),
  },
  { message: 'Please fill in the page title.' },
)

function pageParam(value: string): SeoPage {
  if (!isSeoPage(value))
    throw badRequest('Unknown page: use home, games, championships, accessories, news, streams or reviews.')
  return value
}

/** GET /api/admin/seo, GET/PUT/DELETE /api/admin/seo/:page (DELETE resets the page to its defaults). */
export const seoRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await listSeoSettings()))
  .get('/:page', async (c) => c.json(await getSeoSettings(pageParam(c.req.param('page')))))
  .put('/:page', jsonBody(seoBody), async (c) => {
    const page = pageParam(c.req.param('page'))
    const body = c.req.valid('json')
    const settings = await saveSeoSettings(page, { ...body, keywords: body.keywords ?? '' })
    recordWrite(c, { entity: 'seo', id: page, summary: `Saved SEO settings of ${page}` })
    return c.json(settings)
  })
  .delete('/:page', async (c) => {
    const page = pageParam(c.req.param('page'))
    const settings = await resetSeoSettings(page)
    recordWrite(c, { entity: 'seo', id: page, summary: `Reset SEO settings of ${page} to the defaults` })
    return c.json(settings)
  })
