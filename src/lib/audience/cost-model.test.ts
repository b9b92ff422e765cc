import { describe, expect, it } from 'vitest'
import { beaconCost, creditsText } from './cost-model.ts'

describe('beaconCost', () => {
  it('is a web request and the compute of one call per counted view', () => {
    const cost = beaconCost(100_000, 1, 20)
    expect(cost.calls).toBe(100_000)
    expect(cost.requestCredits).toBeCloseTo(20, 10)
    // 100,000 x 20 ms = 2,000 s = 0.556 GB-hours at 1 GB, x 10 credits.
    expect(cost.computeCredits).toBeCloseTo(5.556, 3)
    expect(cost.credits).toBeCloseTo(25.556, 3)
  })

  it('scales with the views and down with one view in N', () => {
    expect(beaconCost(1_000_000, 1, 20).credits).toBeCloseTo(255.56, 2)
    expect(beaconCost(1_000_000, 10, 20).credits).toBeCloseTo(25.556, 3)
    expect(beaconCost(1_000_000, 10, 20).calls).toBe(100_000)
  })

  it('writes credits for the owner', () => {
    expect(creditsText(25.556)).toBe('25.6 credits')
    expect(creditsText(255.56)).toBe('256 credits')
    expect(creditsText(2555.6)).toBe('2,556 credits')
  })
})
