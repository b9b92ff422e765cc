import ical from 'node-ical'
import { describe, expect, it } from 'vitest'
import type { CalendarEvent } from './calendar.repo.ts'
import { calendarFeed } from './ics.ts'

const feed = (events: CalendarEvent[]) => calendarFeed({ name: 'Sim GT Cup', siteUrl: 'https://sim.example', events })

const monza: CalendarEvent = {
  id: 1,
  uid: 'event-1@sim.example',
  source: 'owner',
  series: null,
  season: '2026',
  round: 1,
  name: 'Monza 3 Hours',
  track: 'Monza',
  setId: 3,
  calendarName: 'Sim GT Cup',
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  sessions: [
    {
      id: 1,
      uid: 'session-1@sim.example',
      name: 'Race',
      startsAt: new Date('2026-12-05T18:00:00Z'),
      durationMinutes: 180,
      sequence: 0,
      updatedAt: new Date('2026-11-01T10:00:00Z'),
    },
  ],
  result: null,
}

/** The components right under VCALENDAR (RFC 5545 3.4: `1*component`). */
const components = (text: string) =>
  text
    .split('\r\n')
    .filter((line) => /^BEGIN:/.test(line) && line !== 'BEGIN:VCALENDAR' && line !== 'BEGIN:STANDARD')
    .map((line) => line.slice('BEGIN:'.length))

describe('calendarFeed', () => {
  it('gives a championship with no race yet a complete calendar: one component, every line ended with CRLF (issue 44)', () => {
    const text = feed([])
    expect(components(text)).toEqual(['VTIMEZONE'])
    expect(text.endsWith('END:VTIMEZONE\r\nEND:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const parsed = Object.values(ical.sync.parseICS(text))
    expect(parsed.filter((c) => c?.type === 'VTIMEZONE')).toHaveLength(1)
    expect(parsed.filter((c) => c?.type === 'VEVENT')).toHaveLength(0)
  })

  it('writes a calendar with races as before: its sessions only, no time zone (every time is UTC)', () => {
    const text = feed([monza])
    expect(components(text)).toEqual(['VEVENT'])
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
  })
})
