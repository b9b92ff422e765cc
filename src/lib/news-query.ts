/**
 * The query of the news list's own address, `/news?search=&category=&page=` (decision 0704): the page
 * answers it on the server (results, count, empty state and pager in its HTML), and the CDN keeps one
 * copy per distinct query. The CDN keys a copy on the parameters as they were sent, so the page has
 * one spelling of each query, which the pages' middleware redirects every other spelling to:
 * - `search`: trimmed, runs of white space as one space, case-folded (the search ignores case),
 *   at most the API's 200 characters; empty is no search;
 * - `category`: trimmed and case-folded likewise (the filter ignores case), at most 100 characters;
 * - `order`: `newest` with a search (its results the newest first, decision 0872), else none;
 * - `page`: 2 and up, without leading zeros (page 1 is no page parameter).
 * Other parameters (tracking ones, `utm_*`) are kept as they are: the CDN ignores them.
 */
import type { NewsOrder } from './news-search.ts'

export const MAX_SEARCH_LENGTH = 200
export const MAX_CATEGORY_LENGTH = 100
const MAX_PAGE = 100_000

export interface NewsListQuery {
  search: string
  category: string
  /** A search's order (decision 0872): 'relevant' unless the address says `order=newest`. */
  order: NewsOrder
  /** 1 for the first page. */
  page: number
}

export const NEWS_LIST_PARAMS = ['search', 'category', 'order', 'page'] as const

const fold = (value: string, max: number) => value.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, max).trim()

/** A search term as the address spells it: trimmed, white space as one space, case-folded. */
export const foldSearch = (term: string): string => fold(term, MAX_SEARCH_LENGTH)

/** The list a /news address asks for, read from its parameters in their one spelling. */
export function newsListQuery(params: URLSearchParams): NewsListQuery {
  const page = Number(/^\d{1,6}$/.test(params.get('page') ?? '') ? params.get('page') : 1)
  const search = fold(params.get('search') ?? '', MAX_SEARCH_LENGTH)
  return {
    search,
    category: fold(params.get('category') ?? '', MAX_CATEGORY_LENGTH),
    // Only a search has an order of its own; any other value is the default.
    order: search && params.get('order') === 'newest' ? 'newest' : 'relevant',
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  }
}

/** Whether the address asks for anything but the first page of every article (a render of its own). */
export const isNarrowed = (query: NewsListQuery): boolean =>
  query.search !== '' || query.category !== '' || query.page > 1

/**
 * The query string of a /news address with its list parameters in their one spelling (in the order
 * search, category, page) followed by the other parameters as they came; '' when nothing is left.
 */
export function canonicalNewsSearch(search: string): string {
  const params = new URLSearchParams(search)
  const query = newsListQuery(params)
  const out = new URLSearchParams()
  if (query.search) out.set('search', query.search)
  if (query.category) out.set('category', query.category)
  if (query.order === 'newest') out.set('order', 'newest')
  if (query.page > 1) out.set('page', String(query.page))
  for (const [name, value] of params) {
    if (!(NEWS_LIST_PARAMS as readonly string[]).includes(name)) out.append(name, value)
  }
  const text = out.toString()
  return text ? `?${text}` : ''
}

/**
 * The one address of a /news request (its query string): the list parameters in their one spelling;
 * a page of every article (no search, no category) is the crawlable `/news/page/{n}` (decision 0120).
 */
export function canonicalNewsAddress(search: string): string {
  const canonical = canonicalNewsSearch(search)
  const query = newsListQuery(new URLSearchParams(canonical))
  if (query.page > 1 && !query.search && !query.category) {
    const rest = new URLSearchParams(canonical)
    rest.delete('page')
    const text = rest.toString()
    return `/news/page/${query.page}${text ? `?${text}` : ''}`
  }
  return `/news${canonical}`
}

/** The address of a page of a list (`page` 1: no parameter). */
export function newsListHref(query: Omit<NewsListQuery, 'page'>, page: number): string {
  const params = new URLSearchParams({
    search: query.search,
    category: query.category,
    order: query.order,
    page: String(page),
  })
  return canonicalNewsAddress(params.toString())
}
