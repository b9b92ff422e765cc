import { describe, expect, it } from 'vitest'
import { ALL_NEWS, newsPageQuery, searchFromUrl, totalFrom } from './news-pages.ts'

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

describe('searchFromUrl', () => {
  it('reads and trims ?search=', () => {
    expect(searchFromUrl('?search=%20iRacing%20')).toBe('iRacing')
    expect(searchFromUrl('?search=+')).toBe('')
    expect(searchFromUrl('')).toBe('')
  })
})
