import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toPublishAtInput } from './admin/publish-at.ts'
import { longDateTime } from './dates.ts'
import {
  clockTime,
  currentZoneName,
  fromZonedInput,
  isTimeZone,
  longZonedDateTime,
  shortZonedDateTime,
  timeZoneChoices,
  toZonedInput,
  zoneOffsetMs,
} from './time-zone.ts'

/**
 * Intl's own reading of an instant on a zone's clock (what this module did by hand before it used
 * Temporal): the reference the property tests hold Temporal's arithmetic to.
 */
function intlWall(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham']

describe('the site time zone', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('+01:00')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone('Europe/Paris; drop table')).toBe(false)
  })

  it('offers UTC first, then the zones Intl knows', () => {
    const choices = timeZoneChoices()
    expect(choices[0]).toBe('UTC')
    expect(choices).toContain('Europe/Paris')
    expect(choices.filter((z) => z === 'UTC')).toHaveLength(1)
  })

  it('lists the zones by their current names: Kolkata and Kyiv can be found (issue 45)', () => {
    const choices = timeZoneChoices()
    for (const current of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Nuuk']) {
      expect(choices).toContain(current)
    }
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Godthab']) {
      expect(choices).not.toContain(old)
    }
    expect(choices.every(isTimeZone)).toBe(true)
    expect(new Set(choices).size).toBe(choices.length)
    expect(choices.slice(1)).toEqual([...choices.slice(1)].sort())
    // A zone saved under its old name is shown by its current one, on the same clock.
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(currentZoneName('Europe/Paris')).toBe('Europe/Paris')
    expect(clockTime(new Date('2026-11-28T12:00:00Z'), currentZoneName('Asia/Calcutta'))).toBe(
      clockTime(new Date('2026-11-28T12:00:00Z'), 'Asia/Calcutta'),
    )
  })

  it('reads a publish time on the zone clock and stores the instant in UTC', () => {
    expect(fromZonedInput('2026-01-15T12:00', 'Europe/Paris')).toBe('2026-01-15T11:00:00.000Z')
    expect(fromZonedInput('2026-07-04T09:30', 'America/New_York')).toBe('2026-07-04T13:30:00.000Z')
    expect(fromZonedInput('2026-11-24T18:30', 'UTC')).toBe('2026-11-24T18:30:00.000Z')
    expect(fromZonedInput('2026-11-24T18:30', 'Asia/Kathmandu')).toBe('2026-11-24T12:45:00.000Z')
  })

  it('shows a stored instant on the zone clock', () => {
    expect(toZonedInput('2026-01-15T11:00:00.000Z', 'Europe/Paris')).toBe('2026-01-15T12:00')
    expect(toZonedInput(new Date('2026-07-04T13:30:00Z'), 'America/New_York')).toBe('2026-07-04T09:30')
    expect(toZonedInput(null, 'UTC')).toBe('')
    expect(toZonedInput('not a date', 'UTC')).toBe('')
  })

  it('a time skipped when clocks go forward lands after the jump; one that happens twice is the first', () => {
    // Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST.
    const skipped = fromZonedInput('2026-03-29T02:30', 'Europe/Paris')
    expect(skipped).toBe('2026-03-29T01:30:00.000Z')
    expect(toZonedInput(skipped, 'Europe/Paris')).toBe('2026-03-29T03:30')
    // Paris, 25 October 2026: 03:00 CEST becomes 02:00 CET, so 02:30 happens twice.
    expect(fromZonedInput('2026-10-25T02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z')
  })

  it('names no time for a value that is not one', () => {
    expect(fromZonedInput('', 'UTC')).toBeNull()
    expect(fromZonedInput('2026-02-31T10:00', 'Europe/Paris')).toBeNull()
    expect(fromZonedInput('2026-11-24 18:30', 'UTC')).toBeNull()
    expect(fromZonedInput('2026-11-24T24:00', 'UTC')).toBeNull()
  })

  it('in UTC it is the field the form had before (publish-at.ts) and the long date of the public pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (ms) => {
        const minute = new Date(Math.floor(ms / 60_000) * 60_000)
        expect(toZonedInput(minute, 'UTC')).toBe(toPublishAtInput(minute))
        expect(fromZonedInput(toPublishAtInput(minute), 'UTC')).toBe(minute.toISOString())
        expect(longZonedDateTime(minute, 'UTC')).toBe(longDateTime(minute))
      }),
      { numRuns: 500 },
    )
  })

  it('any minute round-trips through the zone clock (the later of a repeated hour reads as the first)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minutes, zone) => {
          const instant = minutes * 60_000
          const shown = toZonedInput(new Date(instant), zone)
          const read = fromZonedInput(shown, zone)!
          expect(toZonedInput(read, zone)).toBe(shown)
          const back = instant - new Date(read).getTime()
          // Exactly the instant, or the same clock time one daylight-saving shift earlier.
          expect(back === 0 || (back > 0 && back <= 3_600_000)).toBe(true)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it("reads every instant on a zone's clock as Intl does, offsets included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }),
        fc.constantFrom(...zones, 'Asia/Calcutta', 'Europe/Kiev', 'America/St_Johns', 'Africa/Casablanca'),
        (minutes, zone) => {
          const ms = minutes * 60_000
          expect(toZonedInput(new Date(ms), zone)).toBe(intlWall(ms, zone))
          const wall = intlWall(ms, zone)
          expect(zoneOffsetMs(ms, zone)).toBe(Date.parse(`${wall}:00Z`) - ms)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('offsets and texts follow daylight saving', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Europe/Paris')).toBe(3_600_000)
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Europe/Paris')).toBe(7_200_000)
    expect(longZonedDateTime('2026-11-22T10:30:00Z', 'America/New_York')).toBe(
      'Sunday, November 22, 2026 at 5:30 AM EST',
    )
    expect(shortZonedDateTime('2026-11-22T23:30:00Z', 'Europe/Paris')).toBe('Nov 23, 2026, 12:30 AM')
    expect(clockTime('2026-11-22T09:42:30Z', 'Europe/Paris')).toBe('10:42 AM')
    expect(clockTime('2026-11-22T00:05:00Z', 'UTC')).toBe('12:05 AM')
  })
})
