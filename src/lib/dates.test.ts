import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDate, longDateTime, numericDate, shortDate, streamStartTime } from './dates.ts'

const when = '2026-11-22T10:30:00.000Z'

describe('date texts', () => {
  it('short date', () => {
    expect(shortDate(when)).toBe('Nov 22, 2026')
  })
  it('numeric date', () => {
    expect(numericDate(new Date(when))).toBe('11/22/2026')
  })
  it('stream start time: en-US short month, day, hour, minute', () => {
    expect(streamStartTime(when)).toBe('Nov 22, 10:30 AM UTC')
  })
  it('long date and time', () => {
    expect(longDateTime(when)).toBe('Sunday, November 22, 2026 at 10:30 AM UTC')
  })
  it('does not depend on the time zone of the machine', () => {
    expect(shortDate('2026-11-22T23:59:00Z')).toBe('Nov 22, 2026')
  })
  it('iso', () => {
    expect(isoDate(new Date(when))).toBe(when)
  })
  it('is what Intl prints for en-US in UTC, for any date from 1970 to 2200', () => {
    const utc = { timeZone: 'UTC' } as const
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (ms) => {
        const date = new Date(ms)
        expect(shortDate(date)).toBe(
          date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...utc }),
        )
        expect(numericDate(date)).toBe(date.toLocaleDateString('en-US', utc))
        expect(streamStartTime(date)).toBe(
          `${date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', ...utc })} UTC`,
        )
        expect(longDateTime(date)).toBe(
          `${date.toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short', ...utc })} UTC`,
        )
      }),
      { numRuns: 2000 },
    )
  })
  it('says Invalid Date for a value that is no date', () => {
    expect(shortDate('not a date')).toBe('Invalid Date')
    expect(longDateTime('')).toBe('Invalid Date')
  })
})
