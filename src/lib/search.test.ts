import { describe, expect, it } from 'vitest'
import { filterAccessories, filterReviews, matchesSearch, newsSearchPattern } from './search.ts'

describe('matchesSearch', () => {
  it('is a case-insensitive substring match', () => {
    expect(matchesSearch(['Direct Drive Wheel Base'], 'drive WHEEL')).toBe(true)
    expect(matchesSearch(['Pedals'], 'wheel')).toBe(false)
  })
  it('matches everything with a blank term', () => {
    expect(matchesSearch(['anything'], '   ')).toBe(true)
  })
  it('trims the term and tolerates missing fields', () => {
    expect(matchesSearch([null, undefined, 'Spa'], ' spa ')).toBe(true)
  })
})

describe('filterAccessories', () => {
  const items = [
    { name: 'Simucube 2 Pro', description: 'Direct drive wheel base' },
    { name: 'Heusinkveld Sprint', description: 'Load cell pedals' },
  ]
  it('searches name and description', () => {
    expect(filterAccessories(items, 'simucube').map((i) => i.name)).toEqual(['Simucube 2 Pro'])
    expect(filterAccessories(items, 'LOAD CELL').map((i) => i.name)).toEqual(['Heusinkveld Sprint'])
  })
  it('does not search other fields', () => {
    expect(filterAccessories([{ ...items[0]!, category: 'Pedals' }], 'pedals')).toEqual([])
  })
})

describe('filterReviews', () => {
  const items = [
    { title: 'iRacing review', content: 'Great netcode', author: 'Marta' },
    { title: 'ACC review', content: 'Best GT3 physics', author: 'Tom' },
  ]
  it('searches title, content and author', () => {
    expect(filterReviews(items, 'iracing')).toHaveLength(1)
    expect(filterReviews(items, 'gt3')).toHaveLength(1)
    expect(filterReviews(items, 'marta')).toHaveLength(1)
    expect(filterReviews(items, 'zzz')).toHaveLength(0)
  })
})

describe('newsSearchPattern', () => {
  it('is null for a blank term', () => {
    expect(newsSearchPattern('')).toBeNull()
    expect(newsSearchPattern('  \t ')).toBeNull()
  })

  it('trims the term and folds its white space like the stored text', () => {
    expect(newsSearchPattern('  Le   Mans\n24 ')).toBe('%Le Mans 24%')
  })

  it('escapes the LIKE wildcards and the escape character', () => {
    expect(newsSearchPattern('100%')).toBe('%100\\%%')
    expect(newsSearchPattern('a_b')).toBe('%a\\_b%')
    expect(newsSearchPattern('c:\\x')).toBe('%c:\\\\x%')
  })
})
