import { api } from './api-client.ts'
import { throwIfNotOk } from './http-error.ts'
import type { NewsOrder } from './news-search.ts'
import type { NewsRow } from './public-types.ts'

/** Cards the news lists ask for at a time (and render at first). */
export const NEWS_PAGE_SIZE = 24
/** The API's largest page (decision 0005): a restored list asks for at most this many at once. */
export const MAX_NEWS_PAGE = 500

/** What a news list shows: a search term, a category ('' for every category) and a search's order. */
export interface NewsQuery {
  search: string
  category: string
  /** A search's order: the most relevant first unless 'newest' (decision 0872). */
  order?: NewsOrder
}

export const ALL_NEWS: NewsQuery = { search: '', category: '' }

/** The query string of one page of a list (GET /api/news, decision 0005): blank parts are left out. */
export function newsPageQuery(query: NewsQuery, offset: number, limit: number = NEWS_PAGE_SIZE) {
  const search = query.search.trim()
  return {
    ...(search ? { search } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(search && query.order === 'newest' ? { order: 'newest' as const } : {}),
    limit: String(Math.min(MAX_NEWS_PAGE, Math.max(1, Math.floor(limit)))),
    ...(offset > 0 ? { offset: String(offset) } : {}),
  }
}

/**
 * The total of a list from X-Total-Count. An answer without it (or with a bad one) is taken to
 * hold the rest of the list: the total is what the visitor has then seen.
 */
export function totalFrom(header: string | null, offset: number, received: number): number {
  const total = header === null ? NaN : Number(header)
  return Number.isInteger(total) && total >= offset + received ? total : offset + received
}

export interface NewsPage {
  rows: NewsRow[]
  total: number
}

/** One page of a news list from the API; any non-OK answer fails with the spec's message. */
export async function fetchNewsPage(query: NewsQuery, offset: number, limit?: number): Promise<NewsPage> {
  const response = await api.news.$get({ query: newsPageQuery(query, offset, limit) })
  await throwIfNotOk(response)
  const rows: NewsRow[] = await response.json()
  if (!Array.isArray(rows)) throw new Error('The answer is not a list.')
  return { rows, total: totalFrom(response.headers.get('X-Total-Count'), offset, rows.length) }
}

/** What a search that found nothing is offered (GET /api/news/search-help, decision 0872). */
export interface NewsSearchHelp {
  suggestion: string | null
  allWords: NewsRow[]
}

export async function fetchNewsSearchHelp(query: NewsQuery): Promise<NewsSearchHelp> {
  const response = await api.news['search-help'].$get({
    query: { search: query.search.trim(), ...(query.category ? { category: query.category } : {}) },
  })
  await throwIfNotOk(response)
  return (await response.json()) as NewsSearchHelp
}

/**
 * The crawlable pages of the news list (issue 17, decision 0120): /news is page 1, /news/page/N the
 * others, NEWS_PAGE_SIZE articles each in the list's order, so every article is two links from /news
 * for a crawler that runs no script.
 */
export const newsPageCount = (total: number): number => Math.max(1, Math.ceil(Math.max(0, total) / NEWS_PAGE_SIZE))

export const newsPagePath = (page: number): string => (page <= 1 ? '/news' : `/news/page/${page}`)

/**
 * The page links a pager shows: the first, the last, and two either side of the current page, with
 * null where pages are left out ('1 … 4 5 6 7 8 … 417').
 */
export function pagerPages(current: number, count: number): (number | null)[] {
  const shown = new Set([1, count])
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) shown.add(p)
  const pages: (number | null)[] = []
  let previous = 0
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous > 1) pages.push(null)
    pages.push(p)
    previous = p
  }
  return pages
}
