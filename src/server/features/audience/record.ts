import { sql } from 'drizzle-orm'
import { siteUrl } from '../../../env.server.ts'
import type { LinkKind } from '../../../lib/audience/go-links.ts'
import type { Campaign, DeviceClass } from '../../../lib/audience/visit-rules.ts'
import { OTHER_VALUE } from '../../../lib/audience/figures.ts'
import { articleIdOf, championshipIdOf } from '../../../lib/audience/visit-rules.ts'
import { addressKey, utcDay, visitorHash } from '../../../lib/audience/visitor-hash.ts'
import { networkOf } from '../../../lib/network.ts'
import { NEWS_PAGE_SIZE } from '../../../lib/news-pages.ts'
import { db } from '../../db/client.ts'
import { daySalt } from './salt.ts'

/**
 * At most this many views and clicks are counted per address and minute: a reader opens a few pages
 * a minute; anything beyond is a script, and is dropped. Counted in the database (serverless
 * instances share no memory), in the same statement that stores the event.
 */
export const FLOOD_MAX_PER_MINUTE = 30

/**
 * And at most this many per network and minute (an IPv4 /24, an IPv6 /64): a script that moves
 * between the addresses of its network (ten addresses gave ten allowances, issue 42) still has one.
 * Two readers' worth: the readers behind one network are few, a shared address (NAT) is one address.
 */
export const NETWORK_MAX_PER_MINUTE = 60

/**
 * A day's referrer hosts, and each of its campaign fields, count under their own name up to this
 * many values; a later one counts as OTHER_VALUE (a flood of made-up hosts is one row, not 50,000).
 */
export const DAY_VALUES_MAX = 200

/** The site's host: part of every visitor hash, so two sites sharing a database share no visitors. */
export const siteHost = new URL(siteUrl).host
/** The site's host name, which a referrer from our own pages carries. */
export const siteHostname = new URL(siteUrl).hostname

export type CountedEvent =
  | { kind: 'view'; path: string; referrerHost?: string; campaign: Campaign; device: DeviceClass }
  /** A `/go/` click, with the campaign of the page it was made on (a digest's clicks, issue 45). */
  | { kind: 'click'; itemKind: LinkKind; itemId: number; campaign?: Campaign; device: DeviceClass }

/** The fields whose values a day keeps up to DAY_VALUES_MAX of (analytics_day_values.field). */
type DayField = 'referrer' | 'source' | 'medium' | 'campaign'

/**
 * A value as stored for the day: itself when the day already knows it or has room for it, else
 * OTHER_VALUE. Common table expressions of the recording statement (`counted` is its gate: an event
 * over the flood bounds takes no room). The day's slot row is the lock that decides in turn which
 * of two new values at once is the last one kept.
 */
function dayValue(index: number, day: string, field: DayField, value: string) {
  const known = sql.raw(`known_${index}`)
  const slot = sql.raw(`slot_${index}`)
  const kept = sql.raw(`kept_${index}`)
  return {
    ctes: sql`
      ${known} as (
        select value from analytics_day_values where day = ${day}::date and field = ${field} and value = ${value}
      ),
      ${slot} as (
        insert into analytics_day_slots (day, field, used)
        select ${day}::date, ${field}, 1 from counted where not exists (select 1 from ${known})
        on conflict (day, field) do update set used = analytics_day_slots.used + 1
          where analytics_day_slots.used < ${DAY_VALUES_MAX}
        returning 1
      ),
      ${kept} as (
        insert into analytics_day_values (day, field, value) select ${day}::date, ${field}, ${value} from ${slot}
        on conflict (day, field, value) do update set value = excluded.value
        returning value
      ),`,
    value: sql`coalesce((select value from ${known}), (select value from ${kept}), ${OTHER_VALUE})`,
  }
}

/**
 * The article or news list page a view names, when it is one: counted only while it is there (a
 * published article; a list page within the published articles), so `/news/<any number>` counts
 * nothing. Other paths were checked against the site's pages by isCountablePath.
 */
function pageExists(path: string) {
  const championship = championshipIdOf(path)
  if (championship !== undefined) return sql`exists (select 1 from standings_sets where id = ${championship})`
  const article = articleIdOf(path)
  if (article !== undefined) {
    return sql`exists (select 1 from news_articles where id = ${article} and status = 'published')`
  }
  const page = /^\/news\/page\/(\d+)$/.exec(path)
  if (page) {
    const skipped = (Number(page[1]) - 1) * NEWS_PAGE_SIZE
    return sql`exists (select 1 from news_articles where status = 'published' offset ${skipped} limit 1)`
  }
  return sql`true`
}

/**
 * Stores one view or click that passed the rules of src/lib/audience/visit-rules.ts, unless counting
 * is switched off, the page is not there (an article or news page), or the address or its network
 * has used its minute's allowance. One statement: the settings row, the address's and the network's
 * counts for the minute (upserted), the day's referrer and campaign values, and the event. A view
 * stands for the owner's sample rate (one view in N is sent, each counts N); a click always counts
 * one (the redirect is a function call whatever is counted). Answers whether it was stored.
 */
export async function recordEvent(
  event: CountedEvent,
  who: { ip: string; userAgent: string },
  now = new Date(),
): Promise<boolean> {
  const day = utcDay(now)
  const salt = await daySalt(day)
  const [visitor, key, networkKey] = await Promise.all([
    visitorHash({ salt, site: siteHost, ip: who.ip, userAgent: who.userAgent }),
    addressKey({ salt, site: siteHost, ip: who.ip }),
    // A network is written with its prefix length ('203.0.113.0/24'): never one address's key.
    addressKey({ salt, site: siteHost, ip: networkOf(who.ip, 64) }),
  ])
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString()
  const view = event.kind === 'view' ? event : undefined
  const click = event.kind === 'click' ? event : undefined
  const fields = (
    [
      ['referrer', view?.referrerHost],
      ['source', event.campaign?.source],
      ['medium', event.campaign?.medium],
      ['campaign', event.campaign?.campaign],
    ] as const
  ).map(([field, value], index) => (value === undefined ? undefined : dayValue(index, day, field, value)))
  const stored = (index: number) => fields[index]?.value ?? sql`null`
  const rows = await db().execute<{ stored: number }>(sql`
    with settings as (
      select coalesce(s.enabled, true) as enabled, coalesce(s.sample_rate, 1) as sample_rate
      from (select 1) as one left join analytics_settings s on s.id = 1
      where ${view ? pageExists(view.path) : sql`true`}
    ), hit as (
      insert into analytics_rate (key, minute, hits)
      select key, ${minute}::timestamptz, 1 from settings, (values (${key}), (${networkKey})) as keys (key)
      where settings.enabled
      on conflict (key, minute) do update set hits = analytics_rate.hits + 1
      returning key, hits
    ), counted as (
      select settings.sample_rate from settings
      where (select hits from hit where key = ${key}) <= ${FLOOD_MAX_PER_MINUTE}
        and (select hits from hit where key = ${networkKey}) <= ${NETWORK_MAX_PER_MINUTE}
    ),
    ${sql.join(
      fields.filter((f) => f !== undefined).map((f) => f.ctes),
      sql``,
    )}
    event as (
      insert into analytics_events
        (at, kind, path, item_kind, item_id, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor, weight)
      select ${now.toISOString()}::timestamptz, ${event.kind}, ${view?.path ?? null}, ${click?.itemKind ?? null},
        ${click?.itemId ?? null}::integer, ${stored(0)}, ${stored(1)}, ${stored(2)}, ${stored(3)}, ${event.device},
        ${visitor}, ${view ? sql`counted.sample_rate` : sql`1`}
      from counted
      returning 1
    )
    select 1 as stored from event`)
  return rows.length > 0
}

/**
 * The flood counts of minutes long gone (a few minutes are all the bounds read), and the referrer
 * and campaign values of the days before yesterday (a beacon sent just before midnight counts on
 * yesterday).
 */
export async function pruneRate(now: Date): Promise<void> {
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000))
  await db().execute(sql`
    with minutes as (
      delete from analytics_rate where minute < ${new Date(now.getTime() - 5 * 60_000).toISOString()}::timestamptz
    ), slots as (
      delete from analytics_day_slots where day < ${yesterday}::date
    )
    delete from analytics_day_values where day < ${yesterday}::date`)
}
