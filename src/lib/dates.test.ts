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
})
