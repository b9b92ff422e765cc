import { Hono } from 'hono'
import { lapTimeMs } from '../../../lib/lap-time.ts'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { parseId } from '../../http/validate.ts'
import { getChampionshipResult, listChampionshipResults, listResultsWithLaps } from './championships.repo.ts'

export const championshipsRoutes = new Hono()
  .use(publicCache('championships'))
  .get('/', async (c) => c.json(await listChampionshipResults()))
  .get('/:id', async (c) => {
    const row = await getChampionshipResult(parseId(c))
    if (!row) throw notFound('Championship entry not found')
    return c.json(row)
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
