import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moveItem, reorderUpdates } from './reorder.ts'

describe('reorder', () => {
  it('moves one item and keeps every other in order', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4])
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3])
  })

  it('is a permutation for any move', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (list, a, b) => {
        const from = a % list.length
        const to = b % list.length
        const moved = moveItem(list, from, to)
        expect(moved.slice().sort()).toEqual(list.slice().sort())
        expect(moved[to]).toBe(list[from])
      }),
    )
  })

  it('numbers displayOrder from 1', () => {
    expect(reorderUpdates([7, 3, 9])).toEqual([
      { id: 7, displayOrder: 1 },
      { id: 3, displayOrder: 2 },
      { id: 9, displayOrder: 3 },
    ])
  })
})
