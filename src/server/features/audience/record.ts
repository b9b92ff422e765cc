import { sql } from 'drizzle-orm'
import { siteUrl } from '../../../env.server.ts'
import type { LinkKind } from '../../../lib/audience/go-links.ts'
import type { Campaign, DeviceClass } from '../../../lib/audience/visit-rules.ts'
import { addressKey, utcDay, visitorHash } from '../../../lib/audience/visitor-hash.ts'
import { db } from '../../db/client.ts'
import { daySalt } from './salt.ts'

/**
 * At most this many views and clicks are counted per address and minute: a reader opens a few pages
 * a minute; anything beyond is a script, and is dropped. Counted in the database (serverless
 * instances share no memory), in the same statement that stores the event.
 */
export const FLOOD_MAX_PER_MINUTE = 30

/** The site's host: part of every visitor hash, so two sites sharing a database share no visitors. */
export const siteHost = new URL(siteUrl).host
/** The site's host name, which a referrer from our own pages carries. */
export const siteHostname = new URL(siteUrl).hostname

export type CountedEvent =
  | { kind: 'view'; path: string; referrerHost?: string; campaign: Campaign; device: DeviceClass }
  | { kind: 'click'; itemKind: LinkKind; itemId: number; device: DeviceClass }

/**
 * Stores one view or click that passed the rules of src/lib/audience/visit-rules.ts, unless counting
 * is switched off or the address has used its minute's allowance. One statement: the settings row,
 * the address's count for the minute (upserted) and the event. A view stands for the owner's sample
 * rate (one view in N is sent, each counts N); a click always counts one (the redirect is a function
 * call whatever is counted). Answers whether it was stored.
 */
export async function recordEvent(
  event: CountedEvent,
  who: { ip: string; userAgent: string },
  now = new Date(),
): Promise<boolean> {
  const salt = await daySalt(utcDay(now))
  const [visitor, key] = await Promise.all([
    visitorHash({ salt, site: siteHost, ip: who.ip, userAgent: who.userAgent }),
    addressKey({ salt, site: siteHost, ip: who.ip }),
  ])
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
  const view = event.kind === 'view' ? event : undefined
  const click = event.kind === 'click' ? event : undefined
  const rows = await db().execute<{ stored: number }>(sql`
    with settings as (
      select coalesce(s.enabled, true) as enabled, coalesce(s.sample_rate, 1) as sample_rate
      from (select 1) as one left join analytics_settings s on s.id = 1
    ), hit as (
      insert into analytics_rate (key, minute, hits)
      select ${key}, ${minute.toISOString()}::timestamptz, 1 from settings where settings.enabled
      on conflict (key, minute) do update set hits = analytics_rate.hits + 1
      returning hits
    )
    insert into analytics_events
      (at, kind, path, item_kind, item_id, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor, weight)
    select ${now.toISOString()}::timestamptz, ${event.kind}, ${view?.path ?? null}, ${click?.itemKind ?? null},
      ${click?.itemId ?? null}::integer, ${view?.referrerHost ?? null}, ${view?.campaign.source ?? null},
      ${view?.campaign.medium ?? null}, ${view?.campaign.campaign ?? null}, ${event.device}, ${visitor},
      ${view ? sql`settings.sample_rate` : sql`1`}
    from settings, hit
    where hit.hits <= ${FLOOD_MAX_PER_MINUTE}
    returning 1 as stored`)
  return rows.length > 0
}

/** The flood counts of minutes long gone: a few minutes are all the bound reads. */
export async function pruneRate(now: Date): Promise<void> {
  await db().execute(
    sql`delete from analytics_rate where minute < ${new Date(now.getTime() - 5 * 60_000).toISOString()}::timestamptz`,
  )
}
