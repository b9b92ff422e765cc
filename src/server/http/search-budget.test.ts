import { describe, expect, it } from 'vitest'
import { SEARCHES_PER_MINUTE, searchBudget } from './search-budget.ts'

describe('the search budget', () => {
  it('answers a minute of searches per address, then says how long to wait, and forgets after a minute', () => {
    let clock = 1_000_000
    const budget = searchBudget(() => clock)
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      expect(budget.take('203.0.113.7')).toBe(0)
      clock += 100
    }
    expect(budget.take('203.0.113.7')).toBe(57)
    // Another address has its own.
    expect(budget.take('198.51.100.2')).toBe(0)
    clock += 60_000
    expect(budget.take('203.0.113.7')).toBe(0)
  })

  it('remembers a bounded number of addresses', () => {
    const budget = searchBudget(() => 0)
    for (let i = 0; i < 20_000; i++) budget.take(`10.0.${i >> 8}.${i & 255}`)
    // The first addresses were forgotten: their budget is whole again.
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect(budget.take('10.0.0.0')).toBe(0)
  })
})
