import { describe, expect, it } from 'vitest'
import { dollars, estimateRepeatedRuns } from './ai-cost-estimate.ts'

describe('what test mode would spend', () => {
  it('counts calls and cost per hour and per day', () => {
    const e = estimateRepeatedRuns(4, 2, { typical: 0.015, worst: 0.024 })
    expect(e).toMatchObject({ callsPerHour: 120, callsPerDay: 2880 })
    expect(e.costPerHour).toBeCloseTo(1.8, 6)
    expect(e.costPerDay).toBeCloseTo(43.2, 6)
    expect(e.worstCostPerDay).toBeCloseTo(69.12, 6)
  })

  it('writes dollars to the cent', () => {
    expect(dollars(43.2)).toBe('$43.20')
    expect(dollars(0.004)).toBe('<$0.01')
    expect(dollars(0)).toBe('$0.00')
  })
})
