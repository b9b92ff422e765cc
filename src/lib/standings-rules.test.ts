import { describe, expect, it } from 'vitest'
import { standingsProblem, type StandingsCandidate } from './standings-rules.ts'

const table = (points: number[]): StandingsCandidate[] =>
  points.map((p, i) => ({ position: i + 1, driverName: `Driver ${i + 1}`, team: 'Team', points: p }))

describe('standingsProblem', () => {
  it('accepts positions 1..N with non-increasing points, ties included, in any row order', () => {
    expect(standingsProblem(table([100, 90, 90, 10]), 4)).toBeUndefined()
    expect(standingsProblem(table([100, 90, 80]).reverse(), 3)).toBeUndefined()
  })

  it('refuses the wrong number of drivers', () => {
    expect(standingsProblem(table([3, 2, 1]), 10)).toBe('expected 10 drivers, got 3')
  })

  it('refuses duplicate, missing or fractional positions', () => {
    const dup = table([3, 2, 1])
    dup[2]!.position = 2
    expect(standingsProblem(dup, 3)).toMatch(/positions must be 1 to 3/)
    const gap = table([3, 2, 1])
    gap[2]!.position = 4
    expect(standingsProblem(gap, 3)).toMatch(/positions must be 1 to 3/)
    const frac = table([3, 2, 1])
    frac[1]!.position = 1.5
    expect(standingsProblem(frac, 3)).toMatch(/positions/)
  })

  it('refuses rising points and blank names', () => {
    expect(standingsProblem(table([10, 20]), 2)).toMatch(/position 2 has more points \(20\) than position 1 \(10\)/)
    const blank = table([2, 1])
    blank[1]!.driverName = '   '
    expect(standingsProblem(blank, 2)).toBe('the driver in position 2 has no name')
    expect(standingsProblem(table([2, -1]), 2)).toMatch(/invalid points/)
  })
})
