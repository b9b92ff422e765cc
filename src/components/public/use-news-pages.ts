import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchNewsPage, NEWS_PAGE_SIZE, type NewsQuery } from '../../lib/news-pages.ts'
import { toNewsItem, type NewsItem, type NewsRow } from '../../lib/public-types.ts'
import { sameItems } from './page-list.ts'

export type NewsPagesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `query`: the query these cards answer. */
  | { status: 'ready'; items: NewsItem[]; total: number; query: NewsQuery }

/** A card of a list; in a search's results, with the passage where the term was found. */
const toCard = (row: NewsRow, search: string) => toNewsItem(row, { withText: false, search })
const sameQuery = (a: NewsQuery, b: NewsQuery) =>
  a.search === b.search && a.category === b.category && (a.order ?? 'relevant') === (b.order ?? 'relevant')
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * A news list: the page's own cards at first (rendered on demand, purged on every write: fresh by
 * construction, decision 0704), then read from the API page by page when the visitor asks
 * (decision 0110): the server searches and counts, the browser holds only the cards it shows.
 * `show` replaces the list with the first page of a query (the newest call wins: an older answer
 * arriving late is dropped); `more` appends the next page. No retry, no polling (spec 000 section 7).
 * Without the page's cards (it could not read them) the list shows its error state; a failure later
 * shows it too, or with `onError: 'keep'` (the home page: "failures of other calls are not shown")
 * keeps the cards.
 */
export function useNewsPages(
  initial: NewsItem[] | undefined,
  initialTotal: number | undefined,
  {
    onError = 'panel',
    query: initialQuery = { search: '', category: '' },
  }: {
    onError?: 'panel' | 'keep'
    /** The query the page answered. */
    query?: NewsQuery
  } = {},
) {
  const [state, setState] = useState<NewsPagesState>(() =>
    initial && initialTotal !== undefined
      ? { status: 'ready', items: initial, total: initialTotal, query: initialQuery }
      : { status: 'error', message: 'The page could not read the news.' },
  )
  const query = useRef<NewsQuery>(initialQuery)
  const latest = useRef(0)
  const loadingMore = useRef(false)
  const fail = useCallback(
    (error: unknown) =>
      setState((previous) => {
        if (onError === 'panel') return { status: 'error', message: messageOf(error) }
        return previous.status === 'ready' || !initial
          ? previous
          : { status: 'ready', items: initial, total: initialTotal ?? initial.length, query: initialQuery }
      }),
    // The island's props and options never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )

  /**
   * The first `limit` cards of a query; resolves once they are in the state (or the call lost).
   * Meanwhile the cards shown stay, or with `skeleton` the list shows its loading state.
   */
  const show = useCallback(async (next: NewsQuery, { limit = NEWS_PAGE_SIZE, skeleton = false } = {}) => {
    const call = ++latest.current
    query.current = next
    if (skeleton) setState({ status: 'loading' })
    try {
      const page = await fetchNewsPage(next, 0, limit)
      if (call !== latest.current) return
      const items = page.rows.map((row) => toCard(row, next.search))
      // Usually nothing changed since the page was rendered: keep the state (and the pages loaded meanwhile
      // after these first cards), and React renders nothing again.
      setState((previous) =>
        previous.status === 'ready' &&
        previous.total === page.total &&
        sameQuery(previous.query, next) &&
        sameItems(previous.items.slice(0, items.length), items)
          ? previous
          : { status: 'ready', items, total: page.total, query: next },
      )
    } catch (error) {
      if (call === latest.current) fail(error)
    }
  }, [fail])

  /** The next page of the current query, once at a time. */
  const more = useCallback(async (shown: number) => {
    if (loadingMore.current) return
    loadingMore.current = true
    const call = latest.current
    try {
      const page = await fetchNewsPage(query.current, shown)
      if (call !== latest.current) return
      setState((previous) => {
        if (previous.status !== 'ready' || previous.items.length !== shown) return previous
        const known = new Set(previous.items.map((i) => i.id))
        const added = page.rows.map((row) => toCard(row, query.current.search)).filter((i) => !known.has(i.id))
        // A page that brings nothing new ends the list, whatever the total said (articles deleted meanwhile).
        const total = added.length === 0 ? previous.items.length : page.total
        return { ...previous, items: [...previous.items, ...added], total }
      })
    } catch (error) {
      if (call === latest.current) fail(error)
    } finally {
      loadingMore.current = false
    }
  }, [fail])

  return { state, show, more }
}

/**
 * The marker below a list that asks for the next page when it comes within 800 px of the viewport.
 * Attach the returned ref to an element rendered while `hasMore` is true.
 */
export function useLoadMoreMarker(hasMore: boolean, shown: number, more: (offset: number) => unknown) {
  const marker = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = marker.current
    if (!hasMore || !element) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void more(shown), {
      rootMargin: '800px 0px',
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasMore, shown, more])
  return marker
}
