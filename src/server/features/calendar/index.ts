import { Hono } from 'hono'
import { calendarEvents, calendarSessions } from '../../db/schema.ts'
import { defineFeature, safely } from '../feature.ts'
import { calendarRoutes } from './calendar.routes.ts'
import { runCalendarTick } from './sync.ts'

/**
 * The race calendar (docs/decisions/0425): Formula 1's weekends read from Jolpica-F1 and the owner's
 * events of any championship, on /calendar in the reader's time zone, with iCalendar feeds whose
 * entries keep their UIDs when a session moves; each standings card names its next race.
 */
export const calendar = defineFeature({
  name: 'calendar',
  api: new Hono().route('/admin/calendar', calendarRoutes),
  tick: (platform, now) =>
    // Formula 1's schedule read twice a day, the pages purged as sessions start.
    safely('keep the race calendar', async () => {
      await runCalendarTick(platform, now)
      return {}
    }),
  // After the race results (their events belong to standings sets and link imported rounds), where
  // the archives written since the calendar came have them.
  backupTables: [
    { table: calendarEvents, orderBy: ['id'], since: 'race-calendar', after: 'race_laps' },
    { table: calendarSessions, orderBy: ['id'], since: 'race-calendar', after: 'race_laps' },
  ],
  contentTables: [calendarEvents],
})

// What the public pages and the standings read.
export { listCalendar, type CalendarEvent } from './calendar.repo.ts'
export { calendarFeed, icsHeaders } from './ics.ts'
export { listPublicStandings, publicChampionship, type ChampionshipPage } from './public-standings.ts'
