import { utcDay } from '../../../lib/audience/visitor-hash.ts'
import type { ListTag } from '../../../lib/cache-tags.ts'
import { db } from '../../db/client.ts'
import { markChanged } from '../../cdn/outbox.ts'
import { getAnalyticsSettings } from './analytics-settings.repo.ts'
import { featuredGear, mostReadArticles } from './audience.repo.ts'
import { recordFinishedRun } from '../../repos/scheduler-runs.repo.ts'
import { daysToFold, foldDay, pruneEvents } from './fold.ts'
import { pruneRate } from './record.ts'
import { deleteOldSalts } from './salt.ts'

export interface AudienceReport {
  /** The days folded into the daily totals by this tick. */
  folded: string[]
  events: number
  /** Raw events deleted for being older than 90 days. */
  pruned: number
  saltsDeleted: number
  /** The public answers purged because what they show from the figures changed. */
  purged: ListTag[]
}

/** What the public pages show from the figures, when the owner has them shown: compared around a fold. */
async function publicFigures(): Promise<{ gear?: string; mostRead?: string }> {
  const settings = await getAnalyticsSettings()
  return {
    gear: settings.gearByClicks ? (await featuredGear()).map((a) => a.id).join(',') : undefined,
    mostRead: settings.mostRead ? (await mostReadArticles()).map((a) => a.id).join(',') : undefined,
  }
}

/**
 * The audience figures' share of every scheduler tick (docs/decisions/0850), whatever the owner's
 * schedule switches say, since it is the site's own housekeeping:
 * - the flood counts of past minutes go;
 * - once a day is over, its raw events are folded into the daily totals (and any day a stopped
 *   scheduler missed, within the 90 days kept), then raw events older than 90 days and the salts
 *   of the days before yesterday are deleted, and the run is listed in the Scheduler tab;
 * - when the fold changed the home page's gear order or 'Most read this week' (while shown), their
 *   pages' purges are owed (the tick sends them).
 * Answers what was done, or undefined when there was no day to fold.
 */
export async function audienceHousekeeping(now: Date): Promise<AudienceReport | undefined> {
  await pruneRate(now)
  const days = await daysToFold(now)
  if (days.length === 0) return undefined
  const startedAt = new Date()
  const before = await publicFigures()
  let events = 0
  for (const day of days) events += await foldDay(day)
  const pruned = await pruneEvents(now)
  const saltsDeleted = await deleteOldSalts(utcDay(now))
  const after = await publicFigures()
  const purged: ListTag[] = []
  if (before.gear !== after.gear) purged.push('accessories')
  if (before.mostRead !== after.mostRead) purged.push('audience')
  // Owed in the outbox; the tick sends them after its other work (decision 0703).
  await markChanged(db(), purged)
  const span = days.length === 1 ? days[0]! : `${days[0]} to ${days.at(-1)}`
  await recordFinishedRun({
    kind: 'analytics',
    slotKey: `analytics:${days.at(-1)}`,
    startedAt,
    finishedAt: new Date(),
    message: `Folded ${span} (${events.toLocaleString('en-US')} events); deleted ${pruned.toLocaleString('en-US')} events older than 90 days`,
  })
  return { folded: days, events, pruned, saltsDeleted, purged }
}
