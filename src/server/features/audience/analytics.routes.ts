import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { addDays, lastDays, rangeProblem, DEFAULT_RANGE_DAYS } from '../../../lib/audience/date-range.ts'
import {
  campaignOf,
  deviceClass,
  dropReason,
  countedPath,
  isCountablePath,
  referrerHost,
} from '../../../lib/audience/visit-rules.ts'
import { utcDay } from '../../../lib/audience/visitor-hash.ts'
import { AUDIENCE_ROWS_MAX } from '../../../lib/audience/figures.ts'
import { recordEvent, siteHostname } from './record.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { clientKey } from '../../auth/rate-limit.ts'
import { noStore } from '../../http/cache.ts'
import { badRequest } from '../../http/errors.ts'
import { boolFrom, intFrom } from '../../http/fields.ts'
import { jsonBody, queryParams } from '../../http/validate.ts'
import { getAnalyticsSettings, saveAnalyticsSettings, type AnalyticsSettings } from './analytics-settings.repo.ts'
import { audienceSummary, clicksPerItem } from './audience.repo.ts'

/**
 * What the pages' beacon sends (src/components/public/page-view.ts): the address it was shown at
 * (path and query), the referrer, and the viewport's width. Anything else is no beacon of ours.
 */
const beaconBody = z.strictObject({
  u: z.string().min(1).max(1000),
  r: z.string().max(1000).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
})

/**
 * Counts one page view, or drops it without a word (docs/decisions/0850): a body that is not a
 * beacon, a path that is not one of the site's pages, the owner's own visit, a bot, a prefetch, a
 * browser asking not to be tracked, counting switched off, or a flood from one address.
 */
async function countView(c: Context): Promise<void> {
  let parsed: z.infer<typeof beaconBody>
  try {
    const result = beaconBody.safeParse(JSON.parse(await c.req.text()))
    if (!result.success) return
    parsed = result.data
  } catch {
    return
  }
  const split = parsed.u.indexOf('?')
  const sentPath = split === -1 ? parsed.u : parsed.u.slice(0, split)
  const search = split === -1 ? '' : parsed.u.slice(split)
  if (!isCountablePath(sentPath)) return
  const path = countedPath(sentPath)
  const userAgent = c.req.header('user-agent')
  const reason = dropReason({ userAgent, header: (name) => c.req.header(name), isOwner: Boolean(c.get('session')) })
  if (reason || !userAgent) return
  // Our own pages, under the site's address or the one the request came to, are no source.
  const from = referrerHost(parsed.r, siteHostname)
  const source = from && from === referrerHost(c.req.url, siteHostname) ? undefined : from
  await recordEvent(
    {
      kind: 'view',
      path,
      referrerHost: source,
      campaign: campaignOf(search),
      device: deviceClass(parsed.w, userAgent),
    },
    { ip: clientKey(c), userAgent },
  )
}

/**
 * The pages' beacon (public, never kept): answers 204 whatever it was sent, so a page learns nothing
 * from it and a forged beacon nothing about the rules.
 */
export const beaconRoutes = new Hono().use(noStore()).post('/view', async (c) => {
  await countView(c)
  return c.body(null, 204)
})

const summaryQuery = z.object({
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
  /** How many rows each list holds: the first ones, or more when the owner asks (issue 45). */
  limit: intFrom('The number of rows', 1, AUDIENCE_ROWS_MAX).optional(),
})

const settingsMessage = 'The audience settings could not be saved.'
const settingsBody = z
  .object(
    {
      enabled: boolFrom('Counting'),
      sampleRate: intFrom('One view in N', 1, 1000),
      gearByClicks: boolFrom('Order the home gear by clicks'),
      mostRead: boolFrom("'Most read this week'"),
    },
    { message: settingsMessage },
  )
  .partial()

/** The Audience tab: figures for a date range, clicks per item, and the owner's settings. */
export const analyticsAdminRoutes = new Hono()
  .use(noStore())
  .get('/summary', queryParams(summaryQuery), async (c) => {
    const today = utcDay(new Date())
    const { from, to, limit } = c.req.valid('query')
    const range = { from: from ?? (to ? addDays(to, 1 - DEFAULT_RANGE_DAYS) : lastDays(today).from), to: to ?? today }
    const problem = rangeProblem(range, today)
    if (problem) throw badRequest(problem)
    return c.json(await audienceSummary(range, limit))
  })
  .get('/clicks', async (c) => c.json({ items: await clicksPerItem(utcDay(new Date())) }))
  .get('/settings', async (c) => c.json(await getAnalyticsSettings()))
  .put('/settings', jsonBody(settingsBody, settingsMessage), async (c) => {
    // The purges it owes are in the same transaction (the outbox); sent before the answer.
    const { before, after } = await saveAnalyticsSettings(c.req.valid('json'))
    const changed = (Object.keys(after) as (keyof AnalyticsSettings)[]).filter((k) => after[k] !== before[k])
    recordWrite(c, {
      entity: 'audience-settings',
      summary: changed.length
        ? `Changed the audience settings: ${changed.map((k) => `${k} ${after[k]}`).join(', ')}`
        : 'Saved the audience settings (no change)',
    })
    return c.json(after)
  })
