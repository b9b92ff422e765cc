import { describe, expect, it } from 'vitest'
import { addDays, daysIn, eachDay, lastDays, MAX_RANGE_DAYS, rangeProblem } from './date-range.ts'

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
