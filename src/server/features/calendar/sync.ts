import { ApiError } from '../../http/errors.ts'
import type { ExternalConfig } from '../../external/config.ts'
import { jolpicaSchedule, type ScheduledRace } from '../../external/jolpica.ts'
import type { Platform } from '../../platform.ts'
import { saveSeriesSeason } from './calendar-series.repo.ts'
import { readSync, writeSync } from './calendar-sync.repo.ts'
import { sessionStartedBetween } from './calendar.repo.ts'
import { markChanged } from '../../cdn/outbox.ts'
import { db } from '../../db/client.ts'

/**
 * The calendar's own work (docs/decisions/0425), done by the every-minute scheduler tick:
 * - Formula 1's schedule is read from Jolpica-F1 twice a day (an hour after a failure), the current
 *   season and, once its last race is past, the next one; the owner can read it at once.
 * - When a session starts, the pages that showed it as the next one are purged: a page is kept at
 *   the CDN until a write purges it, and the passing of time is no write.
 */

const HOUR = 3_600_000
export const F1_READ_EVERY_MS = 12 * HOUR
export const F1_RETRY_AFTER_MS = HOUR

const toSeason = (races: ScheduledRace[]) =>
  races.map((r) => ({ round: r.round, name: r.name, track: r.circuit, sessions: r.sessions }))

export interface F1Read {
  seasons: string[]
  races: number
  changed: boolean
}

/**
 * Reads Formula 1's schedule and stores it. The attempt is recorded either way; a failure is an
 * ApiError in words (no answer, a 429 of the rate limit...), kept for the Championships tab.
 */
export async function readF1Calendar(external: ExternalConfig, now = new Date()): Promise<F1Read> {
  await writeSync('f1', { attemptedAt: now })
  try {
    const current = await jolpicaSchedule(external, 'f1', 'current')
    let changed = await saveSeriesSeason('f1', current.season, toSeason(current.races), now)
    const seasons = [current.season]
    let races = current.races.length
    const ahead = current.races.some((r) => r.sessions.some((s) => s.startsAt >= now))
    if (!ahead && /^\d{4}$/.test(current.season)) {
      const next = String(Number(current.season) + 1)
      const following = await jolpicaSchedule(external, 'f1', next)
      if (following.races.length) {
        changed = (await saveSeriesSeason('f1', next, toSeason(following.races), now)) || changed
        seasons.push(next)
        races += following.races.length
      }
    }
    await writeSync('f1', { doneAt: now, season: seasons.join(', '), error: null })
    return { seasons, races, changed }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    await writeSync('f1', { error: error.message })
    throw error
  }
}

/** Whether the tick should read Formula 1's schedule now. */
export async function f1ReadDue(now: Date): Promise<boolean> {
  const row = await readSync('f1')
  if (!row?.attemptedAt) return true
  const since = now.getTime() - row.attemptedAt.getTime()
  return since >= (row.error ? F1_RETRY_AFTER_MS : F1_READ_EVERY_MS)
}

/**
 * The tick's calendar work; never throws (the tick's other work goes on). Answers whether it
 * purged the calendar's pages.
 */
export async function runCalendarTick(platform: Platform, now: Date): Promise<boolean> {
  let purge = false
  try {
    const rollover = await readSync('rollover')
    const since = rollover?.doneAt
    if (!since || since < now) {
      if (since && (await sessionStartedBetween(since, now))) purge = true
      await writeSync('rollover', { doneAt: now })
    }
  } catch (error) {
    console.warn('[scheduler] could not check the calendar:', error)
  }
  try {
    if (await f1ReadDue(now)) {
      const read = await readF1Calendar(platform.external, now)
      purge ||= read.changed
    }
  } catch (error) {
    // Recorded with the sync state and shown in the Championships tab; the next try is in an hour.
    if (!(error instanceof ApiError)) console.warn('[scheduler] could not read the F1 calendar:', error)
  }
  if (purge) {
    // A session that started changes every 'next race' text: owed here; the tick sends it after.
    try {
      await markChanged(db(), ['calendar'])
    } catch (error) {
      console.warn('[scheduler] could not purge the calendar pages:', error)
    }
  }
  return purge
}
