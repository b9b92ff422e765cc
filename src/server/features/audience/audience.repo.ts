import { sql, type SQL } from 'drizzle-orm'
import { addDays, eachDay, splitByMonths, type DayRange } from '../../../lib/audience/date-range.ts'
import { AUDIENCE_ROWS } from '../../../lib/audience/figures.ts'
import type { LinkKind } from '../../../lib/audience/go-links.ts'
import { db } from '../../db/client.ts'
import { foldedThrough } from './fold.ts'
import { clickTotals, startOf, viewTotals } from './totals.ts'
import { listFeaturedAccessories, type Accessory } from '../../repos/accessories.repo.ts'
import { getAnalyticsSettings } from './analytics-settings.repo.ts'
import { campaignFigures } from './campaign-figures.ts'

/**
 * The article an article page's path names, in SQL, or null for any other path: the cast is made
 * only where the path is an article's (Postgres may evaluate a join's conditions in any order).
 */
const articleIdSql = (path: SQL) =>
  sql`(case when ${path} ~ '^/news/[1-9][0-9]{0,8}$' then substring(${path} from 7)::int end)`

export interface Figure {
  value: string
  views: number
  visitors: number
}

/** The tab's lists. */
export type AudienceList = 'pages' | 'articles' | 'sources' | 'mediums' | 'campaigns' | 'devices'

export interface AudienceSummary {
  range: DayRange
  /** Every day of the range, with zeros for a day without a view. */
  days: { day: string; views: number; visitors: number }[]
  totals: { views: number; visitors: number }
  pages: Figure[]
  articles: (Figure & { id: number; title: string })[]
  sources: Figure[]
  mediums: Figure[]
  /** Each with the `/go/` clicks made on the pages its visits arrived at (issue 45). */
  campaigns: (Figure & { clicks: number })[]
  devices: Figure[]
  /** Which lists have more rows than they hold (the tab offers 'Show more' under them). */
  more: Record<AudienceList, boolean>
  /** The last day folded into the daily totals: the days after it are read from the raw events. */
  foldedThrough: string | null
}

/**
 * Where a range's figures come from: the stored totals for the days folded, and the same totals
 * computed from the raw events for the days after (today, and any day the fold has not reached
 * yet), so the tab shows a visit the moment it was counted.
 */
function rangeParts(range: DayRange, folded: string | undefined) {
  const foldedEnd = folded && folded < range.to ? folded : range.to
  const liveFrom = folded && folded >= range.from ? addDays(folded, 1) : range.from
  const none = sql`select null::text as day, null::text as dimension, null::text as value, 0 as views, 0 as visitors where false`
  const storedRange = folded && range.from <= foldedEnd ? { from: range.from, to: foldedEnd } : undefined
  /** The day series: the daily 'total' rows. */
  const series = storedRange
    ? sql`select day::text as day, dimension, value, views, visitors from analytics_daily
          where dimension = 'total' and day between ${storedRange.from}::date and ${storedRange.to}::date`
    : none
  /** The lists: whole months from the monthly rollup, the days at either end from the daily rows. */
  let lists = none
  if (storedRange) {
    const { months, spans } = splitByMonths(storedRange)
    const dimensions = sql`('page', 'source', 'medium', 'campaign', 'device')`
    const parts = [
      ...(months.length
        ? [
            sql`select month::text as day, dimension, value, views, visitors from analytics_monthly
                where dimension in ${dimensions} and month = any(${`{${months.join(',')}}`}::date[])`,
          ]
        : []),
      ...spans.map(
        (span) => sql`select day::text as day, dimension, value, views, visitors from analytics_daily
                      where dimension in ${dimensions} and day between ${span.from}::date and ${span.to}::date`,
      ),
    ]
    lists = sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    )
  }
  const live = liveFrom <= range.to ? viewTotals(startOf(liveFrom), startOf(addDays(range.to, 1))) : none
  return { series, lists, live }
}

/**
 * The Audience tab's figures for a range, in one query: the live part is computed once; the day
 * series is read from the daily 'total' rows (365 for a year) and the lists from the monthly rollup
 * for whole months and the daily rows for the days at either end (a year reads about a sixth of
 * its daily rows). Each list holds its first `rows` rows; one more is read to know whether there
 * are more.
 */
export async function audienceSummary(range: DayRange, rows = AUDIENCE_ROWS): Promise<AudienceSummary> {
  const folded = await foldedThrough()
  const read = rows + 1
  const { series, lists, live } = rangeParts(range, folded)
  const found = await db().execute<{
    section: 'day' | 'top' | 'article'
    dimension: string
    value: string
    views: number
    visitors: number
    title: string | null
  }>(sql`
    with live as materialized (${live}),
    series as (
      (${series})
      union all
      (select day, dimension, value, views, visitors from live where dimension = 'total')
    ),
    agg as (
      select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors
      from (
        ${lists}
        union all
        (select day, dimension, value, views, visitors from live where dimension <> 'total')
      ) as rows
      group by dimension, value
    ),
    ranked as (
      select dimension, value, views, visitors,
        row_number() over (partition by dimension order by views desc, visitors desc, value) as rank
      from agg
    ),
    articles as (
      select a.value, a.views, a.visitors, n.title from agg a
      join news_articles n on n.id = ${articleIdSql(sql`a.value`)} and n.status = 'published'
      where a.dimension = 'page'
      order by a.views desc, a.visitors desc, a.value limit ${read}
    )
    select 'day' as section, 'total' as dimension, day as value, views, visitors, null::text as title from series
    union all
    select 'top', dimension, value, views, visitors, null from ranked where rank <= ${read}
    union all
    select 'article', 'page', value, views, visitors, title from articles`)

  const byDay = new Map<string, { views: number; visitors: number }>()
  for (const row of found.filter((r) => r.section === 'day')) {
    const seen = byDay.get(row.value) ?? { views: 0, visitors: 0 }
    byDay.set(row.value, { views: seen.views + row.views, visitors: seen.visitors + row.visitors })
  }
  const days = eachDay(range).map((day) => ({ day, ...(byDay.get(day) ?? { views: 0, visitors: 0 }) }))
  const top = (dimension: string): Figure[] =>
    found
      .filter((r) => r.section === 'top' && r.dimension === dimension)
      .map(({ value, views, visitors }) => ({ value, views, visitors }))
      .sort((a, b) => b.views - a.views || b.visitors - a.visitors || a.value.localeCompare(b.value))
  const all = {
    pages: top('page'),
    articles: found
      .filter((r) => r.section === 'article')
      .map(({ value, views, visitors, title }) => ({
        value,
        views,
        visitors,
        id: Number(value.slice(6)),
        title: title ?? '',
      }))
      .sort((a, b) => b.views - a.views || b.visitors - a.visitors || a.value.localeCompare(b.value)),
    sources: top('source'),
    mediums: top('medium'),
    campaigns: top('campaign'),
    devices: top('device'),
  }
  const names = Object.keys(all) as AudienceList[]
  const campaigns = all.campaigns.slice(0, rows)
  const clicks = await campaignFigures(
    campaigns.map((c) => c.value),
    range,
  )
  return {
    range,
    days,
    totals: {
      views: days.reduce((n, d) => n + d.views, 0),
      visitors: days.reduce((n, d) => n + d.visitors, 0),
    },
    pages: all.pages.slice(0, rows),
    articles: all.articles.slice(0, rows),
    sources: all.sources.slice(0, rows),
    mediums: all.mediums.slice(0, rows),
    campaigns: campaigns.map((c) => ({ ...c, clicks: clicks.get(c.value)?.clicks ?? 0 })),
    devices: all.devices.slice(0, rows),
    more: Object.fromEntries(names.map((name) => [name, all[name].length > rows])) as Record<AudienceList, boolean>,
    foldedThrough: folded ?? null,
  }
}

export interface ItemClicks {
  kind: LinkKind
  id: number
  name: string
  url: string
  clicks7: number
  clicks30: number
}

/**
 * Clicks on every hardware purchase link and game website over the last 7 and 30 days (today
 * included), folded and live alike; every item with a link is listed, clicked or not.
 */
export async function clicksPerItem(today: string): Promise<ItemClicks[]> {
  const folded = await foldedThrough()
  const from30 = addDays(today, -29)
  const from7 = addDays(today, -6)
  const liveFrom = folded && folded >= from30 ? addDays(folded, 1) : from30
  const stored = folded
    ? sql`select day::text as day, item_kind, item_id, clicks from analytics_daily_clicks
          where day between ${from30}::date and ${folded}::date`
    : sql`select null::text as day, null::text as item_kind, null::int as item_id, 0 as clicks where false`
  const rows = await db().execute<{
    kind: LinkKind
    id: number
    name: string
    url: string
    clicks7: number
    clicks30: number
  }>(sql`
    with clicks as (
      (${stored})
      union all
      (select day, item_kind, item_id, clicks from (${clickTotals(startOf(liveFrom), startOf(addDays(today, 1)))}) as live)
    ),
    per_item as (
      select item_kind, item_id, coalesce(sum(clicks) filter (where day >= ${from7}), 0)::int as clicks7,
        sum(clicks)::int as clicks30
      from clicks group by item_kind, item_id
    ),
    items as (
      select 'hardware' as kind, id, name, purchase_url as url from accessories
      union all
      select 'game', id, title, website_url from games where coalesce(trim(website_url), '') <> ''
    )
    select i.kind, i.id, i.name, i.url, coalesce(p.clicks7, 0) as clicks7, coalesce(p.clicks30, 0) as clicks30
    from items i left join per_item p on p.item_kind = i.kind and p.item_id = i.id
    order by clicks30 desc, clicks7 desc, i.kind, i.name, i.id`)
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/** Purchase-link clicks per featured hardware item over the 30 folded days before today (the home page's order by clicks). */
export async function featuredClicks(): Promise<Map<number, number>> {
  const folded = await foldedThrough()
  if (!folded) return new Map()
  const rows = await db().execute<{ id: number; clicks: number }>(sql`
    select item_id as id, sum(clicks)::int as clicks from analytics_daily_clicks
    where item_kind = 'hardware' and day between ${addDays(folded, -29)}::date and ${folded}::date
    group by item_id`)
  return new Map(rows.map((r) => [Number(r.id), r.clicks]))
}

/**
 * 'Most read this week': the published articles with the most views over the seven folded days
 * before today, most read first. Folded days only, so the list changes once a day, with the fold
 * that purges the pages showing it.
 */
export async function mostReadArticles(
  limit = 5,
): Promise<{ id: number; title: string; slug: string | null; views: number }[]> {
  const folded = await foldedThrough()
  if (!folded) return []
  const rows = await db().execute<{ id: number; title: string; slug: string | null; views: number }>(sql`
    select n.id, n.title, n.slug, sum(d.views)::int as views
    from analytics_daily d
    join news_articles n on n.id = ${articleIdSql(sql`d.value`)} and n.status = 'published'
    where d.dimension = 'page' and d.day between ${addDays(folded, -6)}::date and ${folded}::date
    group by n.id, n.title, n.slug
    order by views desc, n.id desc
    limit ${limit}`)
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/**
 * The home page's gear (the featured hardware): in the owner's order, or, when the owner asked
 * (docs/decisions/0852), most clicked first over the 30 folded days before today, ties in the
 * owner's order. The page and /api/accessories/featured both read this, so they agree; it changes
 * with the daily fold, which owes their purge when it does.
 */
export async function featuredGear(): Promise<Accessory[]> {
  const [items, settings] = await Promise.all([listFeaturedAccessories(), getAnalyticsSettings()])
  if (!settings.gearByClicks) return items
  const clicks = await featuredClicks()
  return [...items].sort((a, b) => (clicks.get(b.id) ?? 0) - (clicks.get(a.id) ?? 0))
}
