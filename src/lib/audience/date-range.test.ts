import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysIn,
  eachDay,
  lastDays,
  MAX_RANGE_DAYS,
  monthEnd,
  monthOf,
  rangeProblem,
  splitByMonths,
} from './date-range.ts'

describe('date ranges', () => {
  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(daysIn({ from: '2026-11-01', to: '2026-11-30' })).toBe(30)
    expect(daysIn({ from: '2026-11-27', to: '2026-11-27' })).toBe(1)
    expect(lastDays('2026-11-27', 7)).toEqual({ from: '2026-11-21', to: '2026-11-27' })
    expect(eachDay({ from: '2026-12-30', to: '2027-01-02' })).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
  })

  it('accepts a range of up to a year that ends by today', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-27' }, '2026-11-27')).toBeUndefined()
    expect(rangeProblem(lastDays('2026-11-27', MAX_RANGE_DAYS), '2026-11-27')).toBeUndefined()
  })

  it('says what is wrong with any other', () => {
    const today = '2026-11-27'
    expect(rangeProblem({ from: '2026-02-30', to: '2026-11-27' }, today)).toMatch(/start .* day that exists/)
    expect(rangeProblem({ from: '2026-11-01', to: '27/11/2026' }, today)).toMatch(/end .* day that exists/)
    expect(rangeProblem({ from: '2026-11-20', to: '2026-11-10' }, today)).toBe('The range must start before it ends.')
    expect(rangeProblem({ from: '2026-11-20', to: '2026-11-28' }, today)).toBe('The range cannot end after today.')
    expect(rangeProblem(lastDays(today, MAX_RANGE_DAYS + 1), today)).toMatch(/at most 366 days/)
  })
})

describe('splitByMonths', () => {
  it('takes the whole months inside a range and leaves the days at either end', () => {
    expect(splitByMonths({ from: '2025-11-27', to: '2026-02-10' })).toEqual({
      months: ['2025-12-01', '2026-01-01'],
      spans: [
        { from: '2025-11-27', to: '2025-11-30' },
        { from: '2026-02-01', to: '2026-02-10' },
      ],
    })
    expect(splitByMonths({ from: '2028-02-01', to: '2028-02-29' })).toEqual({ months: ['2028-02-01'], spans: [] })
    expect(splitByMonths({ from: '2026-11-01', to: '2026-11-27' })).toEqual({
      months: [],
      spans: [{ from: '2026-11-01', to: '2026-11-27' }],
    })
    expect(monthEnd('2026-02-14')).toBe('2026-02-28')
    expect(monthOf('2026-02-14')).toBe('2026-02-01')
  })

  it('covers every day of any range exactly once', () => {
    for (let start = 0; start < 400; start += 7) {
      for (const length of [1, 20, 31, 45, 100, 366]) {
        const range = { from: addDays('2025-01-01', start), to: addDays('2025-01-01', start + length - 1) }
        const { months, spans } = splitByMonths(range)
        const covered = [
          ...months.flatMap((m) => eachDay({ from: m, to: monthEnd(m) })),
          ...spans.flatMap((s) => eachDay(s)),
        ].sort()
        expect(covered, JSON.stringify(range)).toEqual(eachDay(range))
      }
    }
  })
})
