import { sql } from 'drizzle-orm'
import { addDays, monthEnd, monthOf } from '../../../lib/audience/date-range.ts'
import { utcDay } from '../../../lib/audience/visitor-hash.ts'
import { db } from '../../db/client.ts'
import { campaignClickTotals, clickTotals, startOf, viewTotals } from './totals.ts'

/** Raw events are kept this many days (the day of today included), then deleted (docs/decisions/0850). */
export const RETAIN_DAYS = 90
/** At most this many days are folded by one tick (a site whose scheduler was away catches up over a few ticks). */
export const FOLD_DAYS_PER_TICK = 31

/**
 * Folds one UTC day's raw events into its daily totals, replacing what was folded for it before (a
 * fold is repeatable), and its month's rollup, in one transaction under a lock, so two ticks
 * folding at once cannot interleave. Answers the number of events folded.
 */
export async function foldDay(day: string): Promise<number> {
  const from = startOf(day)
  const to = startOf(addDays(day, 1))
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics-fold'))`)
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`)
    await tx.execute(sql`delete from analytics_daily_clicks where day = ${day}::date`)
    await tx.execute(sql`
      insert into analytics_daily (day, dimension, value, views, visitors)
      select day::date, dimension, value, views, visitors from (${viewTotals(from, to)}) as totals`)
    await tx.execute(sql`
      insert into analytics_daily (day, dimension, value, views, visitors)
      select day::date, dimension, value, views, visitors from (${campaignClickTotals(from, to)}) as totals`)
    await tx.execute(sql`
      insert into analytics_daily_clicks (day, item_kind, item_id, clicks, visitors)
      select day::date, item_kind, item_id, clicks, visitors from (${clickTotals(from, to)}) as totals`)
    // The month's rollup, read by long ranges: its days added up again, this one included.
    const month = monthOf(day)
    await tx.execute(sql`delete from analytics_monthly where month = ${month}::date`)
    await tx.execute(sql`
      insert into analytics_monthly (dimension, month, value, views, visitors)
      select dimension, ${month}::date, value, sum(views), sum(visitors) from analytics_daily
      where dimension <> 'total' and day between ${month}::date and ${monthEnd(day)}::date
      group by dimension, value`)
    const [row] = await tx.execute<{ events: number }>(sql`
      select count(*)::int as events from analytics_events
      where at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`)
    const events = row?.events ?? 0
    await tx.execute(sql`
      insert into analytics_folds (day, events, folded_at) values (${day}::date, ${events}, now())
      on conflict (day) do update set events = excluded.events, folded_at = excluded.folded_at`)
    return events
  })
}

/** The last day folded into the daily totals, or undefined before the first fold. */
export async function foldedThrough(): Promise<string | undefined> {
  const [row] = await db().execute<{ day: string | null }>(sql`select max(day)::text as day from analytics_folds`)
  return row?.day ?? undefined
}

/**
 * The days to fold at `now`: every day after the last one folded (or, before any fold, from the
 * first event's day) up to yesterday, within the days whose raw events are still kept, at most
 * FOLD_DAYS_PER_TICK of them. Today is never folded: it is not over.
 */
export async function daysToFold(now: Date): Promise<string[]> {
  const today = utcDay(now)
  const last = await foldedThrough()
  let first: string | undefined
  if (last) first = addDays(last, 1)
  else {
    const [row] = await db().execute<{ first: string | null }>(
      sql`select (min(at) at time zone 'UTC')::date::text as first from analytics_events`,
    )
    first = row?.first ?? undefined
  }
  if (!first) return []
  const oldestKept = addDays(today, 1 - RETAIN_DAYS)
  const days: string[] = []
  for (let day = first < oldestKept ? oldestKept : first; day < today; day = addDays(day, 1)) {
    days.push(day)
    if (days.length === FOLD_DAYS_PER_TICK) break
  }
  return days
}

/** Deletes the raw events of the days past RETAIN_DAYS (their totals stay). Answers how many went. */
export async function pruneEvents(now: Date): Promise<number> {
  const cutoff = startOf(addDays(utcDay(now), 1 - RETAIN_DAYS))
  const gone = await db().execute<{ n: number }>(sql`
    with gone as (delete from analytics_events where at < ${cutoff.toISOString()}::timestamptz returning 1)
    select count(*)::int as n from gone`)
  return gone[0]?.n ?? 0
}
