import { describe, expect, it } from 'vitest'
import { fromLocalDateTime, toDateInput, toLocalDateTime } from './datetime.ts'

describe('datetime-local values', () => {
  it('round-trip an instant to the minute in the local time zone', () => {
    const iso = '2026-11-24T14:05:00.000Z'
    const local = toLocalDateTime(iso)
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(fromLocalDateTime(local)).toBe(iso)
  })

  it('keep blank as blank', () => {
    expect(toLocalDateTime(null)).toBe('')
    expect(toLocalDateTime('not a date')).toBe('')
    expect(fromLocalDateTime('  ')).toBe('')
  })

  it('show a stored review date as its day', () => {
    expect(toDateInput('2026-03-07T00:00:00.000Z')).toBe('2026-03-07')
    expect(toDateInput(null)).toBe('')
  })
})
