import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalNewsAddress, canonicalNewsSearch, newsListHref, newsListQuery } from './news-query.ts'

describe('the news list query', () => {
  it('reads search, category and page in their one spelling', () => {
    expect(
      newsListQuery(new URLSearchParams('search=%20%20iRacing%20%20Setups%20&category=%20Formula%201&page=03')),
    ).toEqual({
      search: 'iracing setups',
      category: 'formula 1',
      order: 'relevant',
      page: 3,
    })
    expect(newsListQuery(new URLSearchParams('search=&page=0'))).toEqual({
      search: '',
      category: '',
      order: 'relevant',
      page: 1,
    })
    // 'Newest first' is a search's other order (decision 0872); without a search, no order at all.
    expect(newsListQuery(new URLSearchParams('search=spa&order=newest')).order).toBe('newest')
    expect(newsListQuery(new URLSearchParams('order=newest')).order).toBe('relevant')
    expect(newsListQuery(new URLSearchParams('search=spa&order=oldest')).order).toBe('relevant')
    expect(newsListQuery(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(200)
  })

  it('spells the query string once: list parameters first, others kept as they came', () => {
    expect(canonicalNewsSearch('?utm_source=mail&search=F1%20News&page=1')).toBe('?search=f1+news&utm_source=mail')
    expect(canonicalNewsSearch('?search=+&category=')).toBe('')
    expect(canonicalNewsSearch('?search=f1+news&category=news&page=2')).toBe('?search=f1+news&category=news&page=2')
    expect(canonicalNewsSearch('?order=newest&search=Spa')).toBe('?search=spa&order=newest')
    expect(canonicalNewsSearch('?order=newest&page=2')).toBe('?page=2')
    expect(newsListHref({ search: 'f1', category: '', order: 'relevant' }, 1)).toBe('/news?search=f1')
    expect(newsListHref({ search: 'f1', category: 'news', order: 'relevant' }, 4)).toBe(
      '/news?search=f1&category=news&page=4',
    )
    expect(newsListHref({ search: 'f1', category: '', order: 'newest' }, 2)).toBe('/news?search=f1&order=newest&page=2')
    // A page of every article is the crawlable one.
    expect(newsListHref({ search: '', category: '', order: 'relevant' }, 4)).toBe('/news/page/4')
    expect(canonicalNewsAddress('?page=3&utm_source=x')).toBe('/news/page/3?utm_source=x')
  })

  it('is a fixed point: the canonical spelling of a canonical spelling is itself, and reads the same query', () => {
    fc.assert(
      fc.property(
        fc.record({
          search: fc.string(),
          category: fc.string(),
          order: fc.constantFrom('newest', 'relevant', 'x'),
          page: fc.string(),
          other: fc.string(),
        }),
        (raw) => {
          const once = canonicalNewsSearch(new URLSearchParams(raw).toString())
          expect(canonicalNewsSearch(once)).toBe(once)
          expect(newsListQuery(new URLSearchParams(once))).toEqual(newsListQuery(new URLSearchParams(raw)))
        },
      ),
    )
  })
})
