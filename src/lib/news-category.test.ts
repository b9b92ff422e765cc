import { describe, expect, it } from 'vitest'
import { categoryLabel, distinctCategories, newsCategoryColor } from './news-category.ts'

describe('newsCategoryColor', () => {
  it.each([
    ['Breaking', 'red'],
    ['esports', 'red'],
    ['Review', 'gold'],
    ['reviews', 'gold'],
    ['Motorsport', 'blue'],
    ['F1 News', 'blue'],
    ['Sim Updates', 'grey'],
    ['Hardware', 'grey'],
    ['', 'grey'],
  ])('%j is %s', (category, color) => {
    expect(newsCategoryColor(category)).toBe(color)
  })
})

describe('categoryLabel', () => {
  it('uppercases', () => {
    expect(categoryLabel('F1 News')).toBe('F1 NEWS')
  })
})

describe('distinctCategories', () => {
  it('keeps each category once, in first-seen order, without blanks', () => {
    const items = [{ category: 'Esports' }, { category: 'Breaking' }, { category: 'Esports' }, { category: ' ' }]
    expect(distinctCategories(items)).toEqual(['Esports', 'Breaking'])
  })
})
