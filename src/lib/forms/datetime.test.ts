import { describe, expect, it } from 'vitest'
import { toDateInput } from './datetime.ts'

describe('date values', () => {
  it('show a stored review date as its day', () => {
    expect(toDateInput('2026-03-07T00:00:00.000Z')).toBe('2026-03-07')
    expect(toDateInput(null)).toBe('')
  })
})
