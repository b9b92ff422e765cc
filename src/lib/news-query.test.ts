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
      page: 3,
    })
    expect(newsListQuery(new URLSearchParams('search=&page=0'))).toEqual({ search: '', category: '', page: 1 })
    expect(newsListQuery(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(200)
  })

  it('spells the query string once: list parameters first, others kept as they came', () => {
    expect(canonicalNewsSearch('?utm_source=mail&search=F1%20News&page=1')).toBe('?search=f1+news&utm_source=mail')
    expect(canonicalNewsSearch('?search=+&category=')).toBe('')
    expect(canonicalNewsSearch('?search=f1+news&category=news&page=2')).toBe('?search=f1+news&category=news&page=2')
    expect(newsListHref({ search: 'f1', category: '' }, 1)).toBe('/news?search=f1')
    expect(newsListHref({ search: 'f1', category: 'news' }, 4)).toBe('/news?search=f1&category=news&page=4')
    // A page of every article is the crawlable one.
    expect(newsListHref({ search: '', category: '' }, 4)).toBe('/news/page/4')
    expect(canonicalNewsAddress('?page=3&utm_source=x')).toBe('/news/page/3?utm_source=x')
  })

  it('is a fixed point: the canonical spelling of a canonical spelling is itself, and reads the same query', () => {
    fc.assert(
      fc.property(
        fc.record({ search: fc.string(), category: fc.string(), page: fc.string(), other: fc.string() }),
        (raw) => {
          const once = canonicalNewsSearch(new URLSearchParams(raw).toString())
          expect(canonicalNewsSearch(once)).toBe(once)
          expect(newsListQuery(new URLSearchParams(once))).toEqual(newsListQuery(new URLSearchParams(raw)))
        },
      ),
    )
  })
})
