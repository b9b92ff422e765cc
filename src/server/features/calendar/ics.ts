import ical, { ICalCalendarMethod } from 'ical-generator'
import { championshipSlug } from '../../../lib/calendar.ts'
import type { CalendarEvent } from './calendar.repo.ts'

/**
 * An iCalendar feed (RFC 5545) of calendar events, one VEVENT per session, written by
 * ical-generator (docs/decisions/0425). Each session's UID is the one stored with it, never remade,
 * and its SEQUENCE and LAST-MODIFIED go up when the owner or the schedule moves it: a subscriber's
 * calendar application then moves the session it has instead of adding another. Times are UTC.
 * DTSTAMP is the session's last change, so the same calendar is the same file (the CDN keeps it).
 */
export function calendarFeed(options: { name: string; siteUrl: string; events: readonly CalendarEvent[] }): string {
  const site = options.siteUrl.replace(/\/?$/, '/')
  const calendar = ical({
    name: options.name,
    prodId: { company: 'SimRacing Hub', product: 'Race Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url: `${site}calendar`,
    // Calendar applications read a subscription again after this long (they may take longer).
    ttl: 6 * 3600,
  })
  for (const event of options.events) {
    const round = event.round ? `Round ${event.round}: ` : ''
    const anchor = event.setId ? championshipSlug(event.setId, event.calendarName) : ''
    for (const session of event.sessions) {
      calendar.createEvent({
        id: session.uid,
        start: session.startsAt,
        end: new Date(session.startsAt.getTime() + session.durationMinutes * 60_000),
        summary: `${event.calendarName}: ${round}${event.name} – ${session.name}`,
        location: event.track || null,
        description: [
          `${event.calendarName}${event.season ? ` ${event.season}` : ''}, ${round}${event.name}`,
          event.result ? `Results: won by ${event.result.winner}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
        url: `${site}calendar${anchor ? `#${anchor}` : ''}`,
        sequence: session.sequence,
        stamp: session.updatedAt,
        lastModified: session.updatedAt,
      })
    }
  }
  return calendar.toString()
}

export const icsHeaders = (fileName: string) => ({
  'Content-Type': 'text/calendar; charset=utf-8',
  'Content-Disposition': `inline; filename="${fileName}"`,
})
