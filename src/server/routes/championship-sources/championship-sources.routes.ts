import { Hono } from 'hono'
import {
  championshipSourceContract,
  pointsSystemOf,
  sourceNameMessage,
} from '../../../lib/forms/championship-source.ts'
import { sourceLabel } from '../../../lib/standings-source.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import { refreshFromSource, setChampionshipSource } from '../../results/sources.ts'

/**
 * A championship's source (docs/decisions/0420), under /api/admin/championship-sources:
 * POST / gives the championship of that name its source (created when there is none: 201);
 * POST /:id/refresh reads its table again from its source.
 */
export const championshipSourcesRoutes = new Hono()
  .use(noStore())
  .post('/', jsonBody(championshipSourceContract.schema, sourceNameMessage), async (c) => {
    const body = c.req.valid('json')
    const { set, created } = await setChampionshipSource(c.var.platform.external, {
      championshipName: body.championshipName,
      source: body.source,
      season: body.season || undefined,
      ...(body.source === 'jolpica' ? { series: body.series, sourceSeason: body.sourceSeason } : {}),
      ...(body.source === 'results'
        ? { pointsSystem: pointsSystemOf(body), totalRounds: body.totalRounds, carClass: body.carClass?.trim() || null }
        : {}),
    })
    const label = sourceLabel(set)
    recordWrite(c, {
      entity: 'standings',
      id: set.id,
      summary: `${created ? 'Added' : 'Changed'} ${set.championshipName}: ${label.title.toLowerCase()}`,
    })
    return c.json(set, created ? 201 : 200)
  })
  .post('/:id/refresh', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    const set = await refreshFromSource(c.var.platform.external, id)
    recordWrite(c, { entity: 'standings', id, summary: `Refreshed ${set.championshipName} from its source` })
    return c.json(set)
  })
