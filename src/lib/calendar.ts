import { officialSeriesOf } from './official-series.ts'

/**
 * The race calendar's rules and texts (docs/decisions/0425), shared by the pages, the feeds, the
 * admin and the small script that shows times in the reader's own zone.
 */

export const CALENDAR_META = {
  title: 'Race Calendar – SimRacing Hub',
  description:
    'Every session of the championships we follow, Formula 1 included, in your own time zone, with calendar feeds to subscribe to.',
  keywords: 'race calendar, F1 schedule, sim racing league calendar, iCalendar feed, race times',
}

export const CALENDAR_EMPTY_NOTE = 'Race dates appear here when they are added through the admin panel.'

/** The name Formula 1's calendar goes by (its events come from Jolpica-F1's schedule). */
export const F1_SERIES_NAME = 'Formula 1'

/** The domain of every UID the site gives a calendar entry (RFC 5545: globally unique, never changed). */
export const UID_DOMAIN = 'simracing-hub'

/** The championship's part of its feed's address: '7-sim-gt-cup' (the id keeps it unique across renames' spellings). */
export function championshipSlug(id: number, name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return words ? `${id}-${words}` : String(id)
}

/** The id a feed's address names ('7-sim-gt-cup' -> 7), or undefined. */
export function idOfSlug(slug: string): number | undefined {
  const m = /^([1-9]\d{0,9})(?:-[a-z0-9-]*)?$/.exec(slug)
  const id = m ? Number(m[1]) : Number.NaN
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined
}

export const feedPath = (id: number, name: string) => `/calendar/${championshipSlug(id, name)}.ics`

/** Whether a championship is Formula 1: its calendar is Formula 1's, read from Jolpica-F1. */
export function isF1Championship(set: {
  championshipName: string
  source: string
  sourceSeries?: string | null
}): boolean {
  if (set.source === 'jolpica') return set.sourceSeries === 'f1'
  return officialSeriesOf(set.championshipName) === 'f1'
}

/**
 * A session's start as the calendar shows it: 'Sat, Nov 29, 3:00 PM UTC' in the HTML (the page is
 * one copy for every reader, decision 0104), then in the reader's zone ('Sun, Nov 30, 12:00 AM
 * GMT+9') once the page's script runs (`timeZone` undefined: the browser's own).
 */
export function sessionTimeText(value: Date | string, timeZone: string | undefined): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid Date'
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date)
}

/** The session the calendar calls next: the first to start at or after `now`. */
export function nextSession<S extends { startsAt: Date | string }>(sessions: readonly S[], now: Date): S | undefined {
  let next: S | undefined
  for (const s of sessions) {
    const at = new Date(s.startsAt).getTime()
    if (at < now.getTime()) continue
    if (!next || at < new Date(next.startsAt).getTime()) next = s
  }
  return next
}
