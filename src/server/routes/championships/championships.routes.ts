import { Hono } from 'hono'
import {
  championshipEntryContract,
  championshipEntryUpdateContract,
  entryRequiredMessage,
} from '../../../lib/forms/championship-entry.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import {
  deleteChampionshipResult,
  getChampionshipResult,
  insertChampionshipResult,
  listChampionshipResults,
  updateChampionshipResult,
} from '../../repos/championships.repo.ts'

const notFoundMessage = 'Championship entry not found'

export const championshipsRoutes = new Hono()
  .use(publicCache(['championships']))
  .get('/', async (c) => c.json(await listChampionshipResults()))
  .get('/:id', idParams(), async (c) => {
    const row = await getChampionshipResult(c.req.valid('param').id)
    if (!row) throw notFound(notFoundMessage)
    return c.json(row)
  })
  .post('/', jsonBody(championshipEntryContract.schema, entryRequiredMessage), async (c) => {
    const row = await insertChampionshipResult(c.req.valid('json'))
    recordWrite(c, { entity: 'championship-result', id: row.id, summary: `Created result for ${row.name}` })
    return c.json(row, 201)
  })
  .put('/:id', idParams(), jsonBody(championshipEntryUpdateContract.schema, entryRequiredMessage), async (c) => {
    const { id } = c.req.valid('param')
    const row = await updateChampionshipResult(id, c.req.valid('json'))
    if (!row) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'championship-result', id, summary: `Updated result for ${row.name}` })
    return c.json(row)
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteChampionshipResult(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'championship-result', id, summary: `Deleted result ${id}` })
    return c.json({ id, deleted: true })
  })

/** Mounted at /api/admin/championships: the Championships tab's list, read fresh, never a CDN copy (docs/decisions/0702). */
export const championshipsAdminRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await listChampionshipResults()))
