import { sql, type SQL } from 'drizzle-orm'
import { OTHER_VALUE } from '../../../lib/audience/figures.ts'

/** A day's sources (mediums, campaigns) beyond this many keep their single-view ones among the others. */
export const SINGLES_KEPT_FROM = 50

/**
 * The totals of the views and clicks between two instants, per UTC day: the one definition of what
 * a figure is, used by the daily fold (which stores them) and by the panel for the days not folded
 * yet (today), so both read the same numbers.
 *
 * Views: the sum of the events' weights (a view sent at "one in N" stands for N). Visitors: the
 * distinct visitor hashes of that day, times the day's mean weight (exact while the sample rate is
 * the same all day; with sampling on, an estimate: docs/decisions/0851). Dimensions: total (value
 * ''), page (the path), source (the campaign's utm_source, else the referring host, else '' for
 * direct), medium and campaign (only views that had one), device.
 *
 * On a day with more than SINGLES_KEPT_FROM sources (or mediums, or campaigns), those seen in one
 * view only count together as OTHER_VALUE: a flood of made-up referrers and campaigns adds one row
 * to the totals kept for ever, not one per name (issue 42), while a quiet day keeps every name.
 */
export function viewTotals(from: Date, to: Date): SQL {
  return sql`
    select day::text as day, dimension, value, sum(views)::int as views, sum(visitors)::int as visitors from (
      select day, dimension, views, visitors,
        case
          when dimension in ('source', 'medium', 'campaign') and value <> '' and events = 1
            and count(*) over (partition by day, dimension) > ${SINGLES_KEPT_FROM} then ${OTHER_VALUE}
          else value
        end as value
      from (
    select day, dimension, value, views, visitors, events from (
      select day,
        case
          when grouping(path) = 0 then 'page'
          when grouping(source) = 0 then 'source'
          when grouping(utm_medium) = 0 then 'medium'
          when grouping(utm_campaign) = 0 then 'campaign'
          when grouping(device) = 0 then 'device'
          else 'total'
        end as dimension,
        case
          when grouping(path) = 0 then path
          when grouping(source) = 0 then source
          when grouping(utm_medium) = 0 then utm_medium
          when grouping(utm_campaign) = 0 then utm_campaign
          when grouping(device) = 0 then device
          else ''
        end as value,
        sum(weight)::int as views,
        -- Distinct visitors counted by a 64-bit hash of the visitor: a sort of numbers, three times
        -- faster than one of text at 50,000 events (a chance of 1 in 10^10 to miss one at 50,000).
        round(count(distinct hashtextextended(visitor, 0)) * avg(weight))::int as visitors,
        count(*)::int as events
      from (
        select (at at time zone 'UTC')::date as day, path, coalesce(utm_source, referrer_host, '') as source,
          utm_medium, utm_campaign, device, visitor, weight
        from analytics_events
        where kind = 'view' and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
      ) as e
      group by grouping sets ((day), (day, path), (day, source), (day, utm_medium), (day, utm_campaign), (day, device))
    ) as t
    where value is not null
      ) as named
    ) as kept
    group by day, dimension, value`
}

/** Purchase-link and website clicks between two instants, per UTC day and item: clicks, and distinct visitors. */
export function clickTotals(from: Date, to: Date): SQL {
  return sql`
    select (at at time zone 'UTC')::date::text as day, item_kind, item_id, count(*)::int as clicks,
      count(distinct visitor)::int as visitors
    from analytics_events
    where kind = 'click' and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3`
}

/**
 * `/go/` clicks between two instants per UTC day and campaign (the campaign of the page the click
 * was made on): dimension 'campaign-clicks', the clicks as its views. What a digest brought beyond
 * its visits (issue 45).
 */
export function campaignClickTotals(from: Date, to: Date): SQL {
  return sql`
    select (at at time zone 'UTC')::date::text as day, 'campaign-clicks' as dimension, utm_campaign as value,
      count(*)::int as views, count(distinct visitor)::int as visitors
    from analytics_events
    where kind = 'click' and utm_campaign is not null
      and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
    group by 1, 3`
}

/** The first instant of a UTC day. */
export const startOf = (day: string): Date => new Date(`${day}T00:00:00Z`)
