import { describe, expect, it } from 'vitest'
import { ALL_NEWS, newsPageCount, newsPagePath, newsPageQuery, pagerPages, totalFrom } from './news-pages.ts'

describe('newsPageQuery', () => {
  it('asks for the first page of every article', () => {
    expect(newsPageQuery(ALL_NEWS, 0)).toEqual({ limit: '24' })
  })

  it('sends the trimmed search, the category and the offset', () => {
    expect(newsPageQuery({ search: '  le mans & co ', category: 'F1 News' }, 48)).toEqual({
      search: 'le mans & co',
      category: 'F1 News',
      limit: '24',
      offset: '48',
    })
  })

  it('keeps the limit within what the API accepts', () => {
    expect(newsPageQuery(ALL_NEWS, 0, 10_000).limit).toBe('500')
    expect(newsPageQuery(ALL_NEWS, 0, 0).limit).toBe('1')
  })
})

describe('totalFrom', () => {
  it('reads X-Total-Count', () => {
    expect(totalFrom('10028', 0, 24)).toBe(10028)
  })

  it('takes an answer without a usable total to be the end of the list', () => {
    expect(totalFrom(null, 48, 3)).toBe(51)
    expect(totalFrom('abc', 0, 2)).toBe(2)
    expect(totalFrom('1', 24, 5)).toBe(29)
  })
})

describe('the crawlable news pages', () => {
  it('has one page per 24 articles, and at least one', () => {
    expect(newsPageCount(0)).toBe(1)
    expect(newsPageCount(24)).toBe(1)
    expect(newsPageCount(25)).toBe(2)
    expect(newsPageCount(10_000)).toBe(417)
  })

  it('calls page 1 /news and the others /news/page/N', () => {
    expect(newsPagePath(1)).toBe('/news')
    expect(newsPagePath(2)).toBe('/news/page/2')
  })

  it('links the first, the last and two pages either side of the current one', () => {
    expect(pagerPages(1, 1)).toEqual([1])
    expect(pagerPages(1, 3)).toEqual([1, 2, 3])
    expect(pagerPages(6, 417)).toEqual([1, null, 4, 5, 6, 7, 8, null, 417])
    expect(pagerPages(417, 417)).toEqual([1, null, 415, 416, 417])
    expect(pagerPages(3, 7)).toEqual([1, 2, 3, 4, 5, null, 7])
  })

  it('reaches every page from any page in at most a few steps, never listing a page twice', () => {
    for (let count = 1; count <= 60; count++) {
      for (let current = 1; current <= count; current++) {
        const pages = pagerPages(current, count).filter((p): p is number => p !== null)
        expect(new Set(pages).size).toBe(pages.length)
        expect(pages).toContain(current)
        expect(pages[0]).toBe(1)
        expect(pages.at(-1)).toBe(count)
      }
    }
  })
})
