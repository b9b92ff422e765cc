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
    // ical-generator writes the calendar's name (NAME, X-WR-CALNAME) as given: escaped here.
    name: escapedText(feedText(options.name, 'line')),
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
      // Every text passes feedText; ical-generator escapes these (SUMMARY, LOCATION, DESCRIPTION).
      calendar.createEvent({
        id: session.uid,
        start: session.startsAt,
        end: new Date(session.startsAt.getTime() + session.durationMinutes * 60_000),
        summary: feedText(`${event.calendarName}: ${round}${event.name} – ${session.name}`, 'line'),
        location: event.track ? feedText(event.track, 'line') : null,
        description: feedText(
          [
            `${event.calendarName}${event.season ? ` ${event.season}` : ''}, ${round}${event.name}`,
            event.result ? `Results: won by ${event.result.winner}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
          'lines',
        ),
        url: `${site}calendar${anchor ? `#${anchor}` : ''}`,
        sequence: session.sequence,
        stamp: session.updatedAt,
        lastModified: session.updatedAt,
      })
    }
  }
  // RFC 5545 ends every content line, the last one too, with CRLF.
  const text = `${calendar.toString().replace(/(\r\n)?$/, '')}\r\n`
  // A calendar holds at least one component (RFC 5545 3.4, `1*component`): a championship without
  // events yet gets the UTC time zone its (future) times are written in, which every reader accepts.
  return options.events.some((event) => event.sessions.length > 0)
    ? text
    : text.replace(/END:VCALENDAR\r\n$/, `${UTC_TIME_ZONE}END:VCALENDAR\r\n`)
}

/** A VTIMEZONE for UTC (RFC 5545 3.6.5: a TZID and one STANDARD observance). */
const UTC_TIME_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:UTC',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0000',
  'TZNAME:UTC',
  'END:STANDARD',
  'END:VTIMEZONE',
  '',
].join('\r\n')

/**
 * A text as it may enter a feed (issue 42: a line break in a championship's name wrote lines of its
 * own into the calendar): control characters become spaces, and so do line breaks unless the field
 * keeps `lines` (a description), where they stay as line feeds for the escaping to write as `\n`.
 */
export function feedText(value: string, shape: 'line' | 'lines'): string {
  const lines = value.replace(/\r\n?/g, '\n').split('\n')
  const clean = (line: string) => line.replace(/[\u0000-\u001f\u007f]/g, ' ')
  return shape === 'line' ? lines.map(clean).join(' ') : lines.map(clean).join('\n')
}

/** RFC 5545 TEXT escaping (section 3.3.11), for what ical-generator writes as given. */
export const escapedText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')

export const icsHeaders = (fileName: string) => ({
  'Content-Type': 'text/calendar; charset=utf-8',
  'Content-Disposition': `inline; filename="${fileName}"`,
})
