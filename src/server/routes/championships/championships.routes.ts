import { createInsertSchema } from 'drizzle-zod'
import { Hono } from 'hono'
import { z } from 'zod'
import { lapTimeMs } from '../../../lib/lap-time.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { intFrom, optionalText, optionalUrl } from '../../http/fields.ts'
import { championshipResults } from '../../db/schema.ts'
import { jsonBody, parseId } from '../../http/validate.ts'
import {
  deleteChampionshipResult,
  getChampionshipResult,
  insertChampionshipResult,
  listChampionshipResults,
  listResultsWithLaps,
  updateChampionshipResult,
  type NewChampionshipResult,
} from '../../repos/championships.repo.ts'

const requiredMessage = 'Please fill in the driver name and position.'

/** An individual championship result entry (spec 001 section 3). */
const resultBody = createInsertSchema(championshipResults, {
  name: optionalText(200, 'The name'),
  team: optionalText(200, 'The team'),
  points: intFrom('Points', -100_000, 1_000_000),
  position: intFrom('The position', 1, 10_000),
  championshipType: optionalText(100, 'The championship type'),
  lastLap: optionalText(50, 'The last lap'),
  status: optionalText(100, 'The status'),
  officialUrl: optionalUrl('The official URL'),
})
  .omit({ id: true, createdAt: true, updatedAt: true })
  .partial()

const body = jsonBody(resultBody, requiredMessage)

async function toResultValues(
  data: z.output<typeof resultBody>,
  creating: boolean,
): Promise<Partial<NewChampionshipResult>> {
  if (!data.name || (creating && data.position === undefined)) throw badRequest(requiredMessage)
  const values: Partial<NewChampionshipResult> = { ...data }
  if (creating || values.championshipType === '') values.championshipType ||= 'esports'
  for (const key of ['lastLap', 'status', 'officialUrl'] as const) if (key in values) values[key] = values[key] || null
  return values
}

const tags = ['championships' as const]

export const championshipsRoutes = new Hono()
  .use(publicCache('championships'))
  .get('/', async (c) => c.json(await listChampionshipResults()))
  .get('/:id', async (c) => {
    const row = await getChampionshipResult(parseId(c))
    if (!row) throw notFound('Championship entry not found')
    return c.json(row)
  })
  .post('/', body, async (c) => {
    const row = await insertChampionshipResult(
      (await toResultValues(c.req.valid('json'), true)) as NewChampionshipResult,
    )
    recordWrite(c, { entity: 'championship-result', id: row.id, summary: `Created result for ${row.name}`, tags })
    return c.json(row, 201)
  })
  .put('/:id', body, async (c) => {
    const id = parseId(c)
    const row = await updateChampionshipResult(id, await toResultValues(c.req.valid('json'), false))
    if (!row) throw notFound('Championship entry not found')
    recordWrite(c, { entity: 'championship-result', id, summary: `Updated result for ${row.name}`, tags })
    return c.json(row)
  })
  .delete('/:id', async (c) => {
    const id = parseId(c)
    if (!(await deleteChampionshipResult(id))) throw notFound('Championship entry not found')
    recordWrite(c, { entity: 'championship-result', id, summary: `Deleted result ${id}`, tags })
    return c.json({ id, deleted: true })
  })

/**
 * Lap times are the entries' last laps, fastest first (docs/decisions/0004-championships-and-lap-times.md).
 * Laps that do not parse as m:ss.sss sort last, in entry order.
 */
export const lapTimesRoutes = new Hono().use(publicCache('championships')).get('/', async (c) => {
  const rows = await listResultsWithLaps()
  const laps = rows
    .map((r) => ({
      id: r.id,
      driverName: r.name,
      team: r.team,
      championshipType: r.championshipType,
      lapTime: r.lastLap as string,
      lapTimeMs: lapTimeMs(r.lastLap as string),
      position: r.position,
      status: r.status,
    }))
    .sort((a, b) => (a.lapTimeMs ?? Infinity) - (b.lapTimeMs ?? Infinity))
  return c.json(laps)
})
