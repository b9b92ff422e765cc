import { describe, expect, it } from 'vitest'
import { accessorySorts, isAccessorySort, sortAccessories } from './accessory-sort.ts'

const items = [
  { id: 1, name: 'moza CRP2', category: 'Pedals', createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, name: 'Simucube 2 Pro', category: 'Wheel Bases', createdAt: '2026-03-01T00:00:00Z' },
  { id: 3, name: 'Heusinkveld Sprint', category: 'Pedals', createdAt: '2026-02-01T00:00:00Z' },
]

describe('sortAccessories', () => {
  it('Newest First', () => {
    expect(sortAccessories(items, 'newest').map((i) => i.id)).toEqual([2, 3, 1])
  })
  it('Name A-Z, ignoring case', () => {
    expect(sortAccessories(items, 'name').map((i) => i.name)).toEqual([
      'Heusinkveld Sprint',
      'moza CRP2',
      'Simucube 2 Pro',
    ])
  })
  it('Category, then name', () => {
    expect(sortAccessories(items, 'category').map((i) => i.id)).toEqual([3, 1, 2])
  })
  it('leaves the input alone', () => {
    sortAccessories(items, 'name')
    expect(items.map((i) => i.id)).toEqual([1, 2, 3])
  })
})

describe('accessorySorts', () => {
  it('offers the three orders of the spec', () => {
    expect(accessorySorts.map((s) => s.label)).toEqual(['Newest First', 'Name A-Z', 'Category'])
    expect(isAccessorySort('name')).toBe(true)
    expect(isAccessorySort('price')).toBe(false)
  })
})
