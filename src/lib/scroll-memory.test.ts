import { describe, expect, it } from 'vitest'
import {
  NEWS_SCROLL_KEY,
  NEWS_SEARCH_SPELLING_KEY,
  saveScrollPosition,
  saveSearchSpelling,
  saveShownCount,
  takeScrollPosition,
  takeSearchSpelling,
  takeShownCount,
} from './scroll-memory.ts'

const memoryStorage = () => {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('news scroll memory', () => {
  it('gives back the saved position once', () => {
    const storage = memoryStorage()
    saveScrollPosition(storage, 1234.6)
    expect(storage.getItem(NEWS_SCROLL_KEY)).toBe('1235')
    expect(takeScrollPosition(storage)).toBe(1235)
    expect(takeScrollPosition(storage)).toBeNull()
  })
  it('is null when nothing or garbage was saved', () => {
    const storage = memoryStorage()
    expect(takeScrollPosition(storage)).toBeNull()
    storage.setItem(NEWS_SCROLL_KEY, 'abc')
    expect(takeScrollPosition(storage)).toBeNull()
  })
})

describe('news card count memory', () => {
  it('gives back the saved count once', () => {
    const storage = memoryStorage()
    saveShownCount(storage, 48)
    expect(takeShownCount(storage)).toBe(48)
    expect(takeShownCount(storage)).toBeNull()
  })
  it('is null for nothing, zero or garbage', () => {
    const storage = memoryStorage()
    expect(takeShownCount(storage)).toBeNull()
    saveShownCount(storage, 0)
    expect(takeShownCount(storage)).toBeNull()
    storage.setItem('news-cards-shown', '2.5')
    expect(takeShownCount(storage)).toBeNull()
  })
})

describe('the search as the visitor spelled it (issue 44)', () => {
  const fold = (term: string) => term.trim().replace(/\s+/g, ' ').toLowerCase()

  it("gives back the visitor's spelling of the address's search, once", () => {
    const storage = memoryStorage()
    saveSearchSpelling(storage, '  iRacing   Spa ')
    expect(takeSearchSpelling(storage, 'iracing spa', fold)).toBe('iRacing Spa')
    expect(takeSearchSpelling(storage, 'iracing spa', fold)).toBeNull()
  })

  it('is null for another search (a shared link, or a search typed on the page since)', () => {
    const storage = memoryStorage()
    saveSearchSpelling(storage, 'iRacing')
    expect(takeSearchSpelling(storage, 'le mans', fold)).toBeNull()
    expect(storage.getItem(NEWS_SEARCH_SPELLING_KEY)).toBeNull()
    saveSearchSpelling(storage, 'iRacing')
    expect(takeSearchSpelling(storage, '', fold)).toBeNull()
  })
})
