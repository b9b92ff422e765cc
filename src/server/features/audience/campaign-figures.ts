import { sql } from 'drizzle-orm'
import type { DayRange } from '../../../lib/audience/date-range.ts'
import { db } from '../../db/client.ts'

export interface CampaignFigures {
  /** Page views that arrived with the campaign's tags (a sampled view counts for what it stands for). */
  visits: number
  /** `/go/` clicks made on a page that arrived with them. */
  clicks: number
}

/** Every day the figures can have (a range without an end). */
const ALL_DAYS: DayRange = { from: '1970-01-01', to: '2999-12-31' }

/**
 * What each named campaign brought over a range of UTC days (all of them by default): the daily
 * totals of the days folded, and the raw events of the days after (today), read the same way as the
 * Audience tab reads them. A campaign nobody followed has zeros. The newsletter's digests each have
 * one (`digest-<day>`, issue 45); the Audience tab's Campaigns table reads the clicks of its rows.
 */
export async function campaignFigures(
  names: readonly string[],
  range: DayRange = ALL_DAYS,
): Promise<Map<string, CampaignFigures>> {
  const figures = new Map(names.map((name) => [name, { visits: 0, clicks: 0 }]))
  if (names.length === 0) return figures
  const list = `{${names.map((n) => `"${n.replace(/["\\]/g, '\\$&')}"`).join(',')}}`
  const rows = await db().execute<{ value: string; visits: number; clicks: number }>(sql`
    with folded as (
      select coalesce(max(day) + 1, '1970-01-01'::date) as live_from from analytics_folds
    )
    select value,
      coalesce(sum(n) filter (where dimension = 'campaign'), 0)::int as visits,
      coalesce(sum(n) filter (where dimension = 'campaign-clicks'), 0)::int as clicks
    from (
      select dimension, value, views as n from analytics_daily
      where dimension in ('campaign', 'campaign-clicks') and value = any(${list}::text[])
        and day < (select live_from from folded) and day between ${range.from}::date and ${range.to}::date
      union all
      select case when kind = 'view' then 'campaign' else 'campaign-clicks' end, utm_campaign,
        case when kind = 'view' then weight else 1 end
      from analytics_events
      where utm_campaign = any(${list}::text[])
        and at >= greatest((select live_from from folded), ${range.from}::date)::timestamp at time zone 'UTC'
        and at < (${range.to}::date + 1)::timestamp at time zone 'UTC'
    ) as counted
    group by value`)
  for (const row of rows) figures.set(row.value, { visits: Number(row.visits), clicks: Number(row.clicks) })
  return figures
}
