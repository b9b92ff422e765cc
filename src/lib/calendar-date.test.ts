import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calendarDateTime, daysInMonth, readCalendarDateTime } from './calendar-date.ts'

const field = calendarDateTime('The publish time')
const messageOf = (value: unknown) => {
  const result = field.safeParse(value)
  return result.success ? 'accepted' : result.error.issues[0]!.message
}

describe('dates the API takes', () => {
  it('refuses days the calendar does not have, saying what is wrong', () => {
    expect(messageOf('2027-02-29')).toBe('The publish time must be a day that exists: February 2027 has 28 days.')
    expect(messageOf('2026-04-31')).toBe('The publish time must be a day that exists: April 2026 has 30 days.')
    expect(messageOf('2026-13-01')).toBe('The publish time must be a day that exists: there is no month 13.')
    expect(messageOf('2026-00-10')).toBe('The publish time must be a day that exists: there is no month 0.')
    expect(messageOf('2026-05-00')).toBe('The publish time must be a day that exists: May 2026 has 31 days.')
    expect(messageOf('2027-02-29T10:00:00Z')).toBe(
      'The publish time must be a day that exists: February 2027 has 28 days.',
    )
    expect(messageOf('2100-02-29T10:00:00.000Z')).toBe(
      'The publish time must be a day that exists: February 2100 has 28 days.',
    )
  })

  it('refuses times of day that do not exist', () => {
    expect(messageOf('2026-11-24T24:00:00Z')).toBe(
      'The publish time must be a time that exists: 24:00:00 is no time of day.',
    )
    expect(messageOf('2026-11-24T10:60')).toBe('The publish time must be a time that exists: 10:60 is no time of day.')
    expect(messageOf('2026-11-24T10:00:00+25:00')).toBe(
      'The publish time must be a time that exists: +25:00 is no offset.',
    )
  })

  it('refuses what is no ISO date at all, and years outside 1970-9999', () => {
    for (const text of [
      'Feb 30 2026',
      'tomorrow',
      '2026-4-31',
      '',
      '2026-11-24T10',
      '2026-11-24Z',
      `2026-11-24${' '.repeat(40)}`,
    ]) {
      expect(messageOf(text)).toBe('The publish time must be a date such as 2026-11-24 or 2026-11-24T18:30:00Z.')
    }
    expect(messageOf(20261124)).toBe('The publish time must be a date.')
    expect(messageOf('1969-12-31T23:59:59Z')).toBe('The publish time must be between the years 1970 and 9999.')
  })

  it('reads days, instants and offsets as the same instants Date reads them', () => {
    const read = (text: string) => {
      const reading = readCalendarDateTime(text)
      return reading.ok ? reading.date.toISOString() : reading.problem
    }
    expect(read('2028-02-29')).toBe('2028-02-29T00:00:00.000Z')
    expect(read('2000-02-29T12:00')).toBe('2000-02-29T12:00:00.000Z')
    expect(read('2026-11-24T18:30:00.123456Z')).toBe('2026-11-24T18:30:00.123Z')
    expect(read('2026-11-24T18:30:00+01:00')).toBe('2026-11-24T17:30:00.000Z')
    expect(read('2026-11-24T18:30:00-0230')).toBe('2026-11-24T21:00:00.000Z')
    expect(read('2026-11-24T18:30:00+05')).toBe('2026-11-24T13:30:00.000Z')
    expect(read('2026-11-24 18:30z')).toBe('2026-11-24T18:30:00.000Z')
  })

  it('knows the length of every month as Date counts it, leap years included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 9999 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        // Day 0 of the next month is the last day of this one.
        expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate())
      }),
    )
  })

  it('accepts every instant Date can print from 1970 to 9999, and its day, unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), (ms) => {
        const iso = new Date(ms).toISOString()
        expect(field.parse(iso).getTime()).toBe(ms)
        expect(field.parse(iso.slice(0, 10)).toISOString()).toBe(`${iso.slice(0, 10)}T00:00:00.000Z`)
      }),
    )
  })

  it('refuses a day past the end of its month wherever Date would roll it over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 28, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${day}`
          const rolledOver = new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day
          expect(field.safeParse(text).success).toBe(!rolledOver)
        },
      ),
    )
  })
})
