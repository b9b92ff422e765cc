import { describe, expect, it } from 'vitest'
import { podiumColor, pointsLabel, topDrivers } from './standings.ts'

describe('topDrivers', () => {
  it('keeps the first 3 by position', () => {
    const rows = [4, 2, 1, 5, 3].map((position) => ({ position }))
    expect(topDrivers(rows).map((r) => r.position)).toEqual([1, 2, 3])
  })
  it('keeps fewer when there are fewer', () => {
    expect(topDrivers([{ position: 1 }])).toHaveLength(1)
  })
})

describe('podiumColor', () => {
  it('is gold, silver, bronze for 1, 2, 3', () => {
    expect([1, 2, 3, 4].map(podiumColor)).toEqual(['gold', 'silver', 'bronze', 'none'])
  })
})

describe('pointsLabel', () => {
  it("appends ' pts'", () => {
    expect(pointsLabel(395)).toBe('395 pts')
    expect(pointsLabel(12.5)).toBe('12.5 pts')
  })
})
