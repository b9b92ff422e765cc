import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { intFrom } from '../../http/fields.ts'
import { driverNameMessage, standingsDriverContract } from '../../../lib/forms/standings-driver.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import { listPublicStandings } from '../../features/calendar/index.ts'
import {
  deleteStandingsSet,
  listStandingsWithEdits,
  releaseStandingsDriver,
  reorderStandings,
  updateStandingsDriver,
} from '../../repos/standings.repo.ts'

const reorderMessage = 'Please send updates: a list of { id, displayOrder } (displayOrder from 1).'
const reorderBody = z
  .object(
    {
      updates: z
        .array(
          z.object(
            {
              id: z
                .number({ message: reorderMessage })
                .int(reorderMessage)
                .min(1, reorderMessage)
                .max(2_147_483_647, reorderMessage),
              displayOrder: z
                .number({ message: reorderMessage })
                .int(reorderMessage)
                .min(1, reorderMessage)
                .max(1_000_000, reorderMessage),
            },
            { message: reorderMessage },
          ),
          { message: reorderMessage },
        )
        .min(1, reorderMessage)
        .max(1000, reorderMessage),
    },
    { message: reorderMessage },
  )
  .refine(
    (b) => new Set(b.updates.map((u) => u.id)).size === b.updates.length,
    'Each championship may appear only once.',
  )

const driverIndex = intFrom('The driver index', 0, 999)

export const standingsRoutes = new Hono()
  // Each set carries its championship's next race (docs/decisions/0425).
  .use(publicCache(['standings', 'calendar']))
  .get('/', async (c) => c.json(await listPublicStandings()))
  .post('/reorder', jsonBody(reorderBody, reorderMessage), async (c) => {
    const { updates } = c.req.valid('json')
    const missing = await reorderStandings(updates)
    if (missing.length) throw notFound(`Championship standings ${missing.join(', ')} not found`)
    recordWrite(c, { entity: 'standings', summary: `Reordered ${updates.length} championships` })
    return c.json({ updated: updates.length })
  })
  .put(
    '/:championshipId/driver/:driverIndex',
    idParams('championshipId'),
    jsonBody(standingsDriverContract.schema, driverNameMessage),
    async (c) => {
      const setId = c.req.valid('param').championshipId
      const index = driverIndex.safeParse(c.req.param('driverIndex'))
      if (!index.success) throw badRequest('Invalid driver index.')
      const data = c.req.valid('json')
      const edit = 'driverData' in data ? data.driverData : data
      if (!(await updateStandingsDriver(setId, index.data, edit))) throw notFound('Driver not found')
      recordWrite(c, {
        entity: 'standings',
        id: setId,
        summary: `Edited driver ${index.data + 1}: ${edit.driverName}`,
      })
      return c.json({ championshipId: setId, driverIndex: index.data, ...edit })
    },
  )
  /** The owner lets the AI overwrite a hand-edited row again at the next refresh (issue 17). */
  .delete('/:championshipId/driver/:driverIndex/edit', idParams('championshipId'), async (c) => {
    const setId = c.req.valid('param').championshipId
    const index = driverIndex.safeParse(c.req.param('driverIndex'))
    if (!index.success) throw badRequest('Invalid driver index.')
    if (!(await releaseStandingsDriver(setId, index.data))) throw notFound('Driver not found')
    recordWrite(c, {
      entity: 'standings',
      id: setId,
      summary: `Driver ${index.data + 1} left to the AI again`,
    })
    return c.json({ championshipId: setId, driverIndex: index.data, edited: false })
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteStandingsSet(id))) throw notFound('Championship standings not found')
    recordWrite(c, { entity: 'standings', id, summary: `Deleted championship standings ${id}` })
    return c.json({ id, deleted: true })
  })

/** GET /api/admin/championships-standings: the board's list, with the owner's edit marks (issue 17). */
export const standingsAdminRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await listStandingsWithEdits()))
