import { describe, expect, it } from 'vitest'
import { championshipSlug, idOfSlug, isF1Championship, nextSession, sessionTimeText } from './calendar.ts'

describe('the race calendar rules', () => {
  it('writes a time in UTC for the HTML and in the reader zone for the script', () => {
    const at = '2026-12-06T10:00:00.000Z'
    expect(sessionTimeText(at, 'UTC')).toBe('Sun, Dec 6, 10:00 AM UTC')
    expect(sessionTimeText(at, 'Asia/Tokyo')).toBe('Sun, Dec 6, 7:00 PM GMT+9')
    expect(sessionTimeText(at, 'America/Los_Angeles')).toBe('Sun, Dec 6, 2:00 AM PST')
  })

  it("names a championship's feed by its id and name, and reads the id back whatever the name says", () => {
    expect(championshipSlug(7, 'Sim GT Cup')).toBe('7-sim-gt-cup')
    expect(championshipSlug(12, 'Nürburgring Langstrecken-Serie 2026!')).toBe('12-nurburgring-langstrecken-serie-2026')
    expect(championshipSlug(3, '???')).toBe('3')
    expect(idOfSlug('7-sim-gt-cup')).toBe(7)
    expect(idOfSlug('7-old-name')).toBe(7)
    for (const bad of ['', 'x', '0-a', '-7', '07-a', '99999999999-a', '7_a']) expect(idOfSlug(bad)).toBeUndefined()
  })

  it('takes Formula 1 championships by their source, else by their name', () => {
    expect(isF1Championship({ championshipName: 'Formula 1 World Championship', source: 'ai' })).toBe(true)
    expect(isF1Championship({ championshipName: 'F1 Academy', source: 'ai' })).toBe(false)
    expect(isF1Championship({ championshipName: 'Grand Prix', source: 'jolpica', sourceSeries: 'f1' })).toBe(true)
    expect(isF1Championship({ championshipName: 'Sim GT Cup', source: 'results' })).toBe(false)
  })

  it('calls next the first session that starts at or after now', () => {
    const now = new Date('2026-12-01T12:00:00Z')
    const sessions = [
      { startsAt: '2026-12-03T12:00:00Z' },
      { startsAt: '2026-11-30T12:00:00Z' },
      { startsAt: '2026-12-01T12:00:00Z' },
    ]
    expect(nextSession(sessions, now)).toBe(sessions[2])
    expect(nextSession([sessions[1]!], now)).toBeUndefined()
  })
})
