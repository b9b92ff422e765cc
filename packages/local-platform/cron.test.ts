import { describe, expect, it } from 'vitest'
import { cronMatches } from './cron.ts'

const at = (iso: string) => new Date(iso)

describe('cronMatches', () => {
  it('runs every minute for * * * * *, whatever the seconds of the tick', () => {
    expect(cronMatches('* * * * *', at('2026-11-23T06:07:00Z'))).toBe(true)
    expect(cronMatches('* * * * *', at('2026-11-23T06:07:00.050Z'))).toBe(true)
    expect(cronMatches('7 6 * * *', at('2026-11-23T06:07:59Z'))).toBe(true)
  })
  it('matches minutes, hours, steps, ranges and lists in UTC', () => {
    expect(cronMatches('*/15 * * * *', at('2026-11-23T06:30:00Z'))).toBe(true)
    expect(cronMatches('*/15 * * * *', at('2026-11-23T06:31:00Z'))).toBe(false)
    expect(cronMatches('0 6 * * 1', at('2026-11-23T06:00:00Z'))).toBe(true) // a Monday
    expect(cronMatches('0 6 * * 1', at('2026-11-24T06:00:00Z'))).toBe(false)
    expect(cronMatches('0 9-17 * * 1-5', at('2026-11-23T12:00:00Z'))).toBe(true)
    expect(cronMatches('0 0,12 * * *', at('2026-11-23T12:00:00Z'))).toBe(true)
  })
  it('takes the aliases and 7 for Sunday', () => {
    expect(cronMatches('@hourly', at('2026-11-23T06:00:00Z'))).toBe(true)
    expect(cronMatches('@hourly', at('2026-11-23T06:01:00Z'))).toBe(false)
    expect(cronMatches('@daily', at('2026-11-23T00:00:00Z'))).toBe(true)
    expect(cronMatches('0 0 * * 7', at('2026-11-22T00:00:00Z'))).toBe(true)
  })
  it('ORs day-of-month and day-of-week when both are restricted, as cron does', () => {
    // "At midnight on the 1st and on every Monday": 2026-11-23 is a Monday, 2026-11-01 a Sunday.
    expect(cronMatches('0 0 1 * 1', at('2026-11-23T00:00:00Z'))).toBe(true)
    expect(cronMatches('0 0 1 * 1', at('2026-11-01T00:00:00Z'))).toBe(true)
    expect(cronMatches('0 0 1 * 1', at('2026-11-24T00:00:00Z'))).toBe(false)
    // One of them unrestricted: the other decides alone.
    expect(cronMatches('0 0 1 * *', at('2026-11-23T00:00:00Z'))).toBe(false)
    expect(cronMatches('0 0 * * 1', at('2026-11-01T00:00:00Z'))).toBe(false)
  })
  it('refuses what is not a five-field cron expression', () => {
    expect(() => cronMatches('every minute', at('2026-11-23T06:00:00Z'))).toThrow(/Not a cron expression/)
    expect(() => cronMatches('0 0 0 * * *', at('2026-11-23T06:00:00Z'))).toThrow(/five-field/)
  })
})
