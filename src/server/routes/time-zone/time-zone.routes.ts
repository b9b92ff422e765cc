import { Hono } from 'hono'
import { timeZoneContract, timeZoneMessage } from '../../../lib/forms/time-zone.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { jsonBody } from '../../http/validate.ts'
import { setSetting, siteTimeZone, TIME_ZONE_KEY as KEY } from '../../repos/site-settings.repo.ts'

/**
 * GET and PUT /api/admin/time-zone: `{ timeZone }` (decision 0512). Stored among the site settings;
 * the public pages never read it (they stay in UTC, decision 0104) and the public settings route
 * does not answer it, so its write purges nothing.
 */
export const timeZoneRoutes = new Hono()
  .get('/', noStore(), async (c) => c.json({ timeZone: await siteTimeZone() }))
  .put('/', jsonBody(timeZoneContract.schema, timeZoneMessage), async (c) => {
    const { timeZone } = c.req.valid('json')
    await setSetting(KEY, timeZone)
    recordWrite(c, { entity: 'site-setting', id: KEY, summary: `Set the site time zone to ${timeZone}` })
    return c.json({ timeZone })
  })
