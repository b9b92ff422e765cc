import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ALL_NEWS, fetchNewsCategories, MAX_NEWS_PAGE, NEWS_PAGE_SIZE, searchFromUrl, type NewsQuery } from '../../lib/news-pages.ts'
import type { NewsItem } from '../../lib/public-types.ts'
import { SCROLL_RESTORE_DELAY_MS, saveScrollPosition, saveShownCount, takeScrollPosition, takeShownCount } from '../../lib/scroll-memory.ts'
import { SearchField } from '../ui/search-field.tsx'
import { SkeletonGrid } from '../ui/skeleton-grid.tsx'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { NewsCard } from './news-card.tsx'
import { useLoadMoreMarker, useNewsPages } from './use-news-pages.ts'

const ALL = 'all'
/** Typing waits this long for the next key before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 200
/** Set on <html> by news.astro's first script when the address holds a search (see news.astro). */
const QUERY_FLAG = 'newsQuery'

interface Props {
  /** The first page of every article, in the API's shape without the bodies. */
  initial: NewsItem[]
  /** How many articles there are at build time. */
  total?: number
  /** Every category at build time. */
  categories?: string[]
}

/**
 * The news list: the server searches (title, excerpt, content), filters by category, counts and
 * pages (decision 0110); cards come 24 at a time as the visitor nears the end. The search may come
 * from ?search=, and the scroll position of the spec is restored on entry.
 */
export function NewsBrowser({ initial, total, categories = [] }: Props) {
  const { state, show, more } = useNewsPages(initial, total)
  // Controls are disabled until the island is live (decision 0111), and live only once its entry
  // below has asked for its list: a choice made earlier would be overtaken by that answer.
  const [live, setLive] = useState(false)
  const [scrollTarget, setScrollTarget] = useState<number | null>(null)
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState(ALL)
  const [categoryList, setCategoryList] = useState(categories)
  const query = (term: string, cat: string): NewsQuery => ({ search: term, category: cat === ALL ? '' : cat })

  // Entry: the search of the address, the cards shown before an article was opened, then the saved
  // position once they are there (and not before the spec's 100 ms).
  const awaitingSearch = useRef(false)
  useEffect(() => {
    const term = searchFromUrl(window.location.search)
    if (term) setSearch(term)
    awaitingSearch.current = term !== ''
    if (!term) delete document.documentElement.dataset[QUERY_FLAG]
    const saved = takeScrollPosition(window.sessionStorage)
    const shownBefore = takeShownCount(window.sessionStorage) ?? 0
    const limit = saved === null ? NEWS_PAGE_SIZE : Math.min(MAX_NEWS_PAGE, Math.max(NEWS_PAGE_SIZE, shownBefore))
    const delay = new Promise((resolve) => window.setTimeout(resolve, SCROLL_RESTORE_DELAY_MS))
    let current = true
    const entry = Promise.all([show({ ...ALL_NEWS, search: term }, { limit, skeleton: term !== '' }), delay])
    setLive(true)
    void entry.then(() => {
      if (current) setScrollTarget(saved ?? 0)
    })
    // Fresh categories; a failure keeps the build's (the list's own state shows failures).
    fetchNewsCategories()
      .then((list) => {
        if (current && list.join('\n') !== categories.join('\n')) setCategoryList(list)
      })
      .catch(() => {})
    return () => {
      current = false
    }
    // Once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Scrolled once the cards asked for on entry are on the page (the effect runs after they are laid out).
  useEffect(() => {
    if (scrollTarget !== null) window.scrollTo({ top: scrollTarget, behavior: 'instant' })
  }, [scrollTarget])

  // The page hid its build-time list while the address's search was on its way: show its answer.
  useLayoutEffect(() => {
    if (!awaitingSearch.current || state.status === 'loading') return
    awaitingSearch.current = false
    delete document.documentElement.dataset[QUERY_FLAG]
  }, [state])

  // Typing asks the server once the visitor pauses; a category applies at once.
  const typed = useRef(false)
  useEffect(() => {
    if (!typed.current) return
    const timer = window.setTimeout(() => void show(query(search, category)), SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search])

  const items = state.status === 'ready' ? state.items : []
  const hasMore = state.status === 'ready' && items.length < state.total
  const moreMarker = useLoadMoreMarker(hasMore, items.length, more)

  const rememberScroll = () => {
    saveScrollPosition(window.sessionStorage, window.scrollY)
    saveShownCount(window.sessionStorage, items.length)
  }
  const changeSearch = (value: string) => {
    typed.current = true
    setSearch(value)
  }
  const changeCategory = (value: string) => {
    setCategory(value)
    void show(query(search, value))
  }
  const clearFilters = () => {
    setSearch('')
    setCategory(ALL)
    void show(ALL_NEWS)
  }

  return (
    <>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        <SearchField
          label="Search articles"
          placeholder="Search articles..."
          value={search}
          onChange={changeSearch}
          disabled={!live}
          className="flex-1"
        />
        <select
          aria-label="Category"
          value={category}
          onChange={(e) => changeCategory(e.target.value)}
          disabled={!live}
          className="field"
        >
          <option value={ALL}>All Categories</option>
          {categoryList.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {/* In the page's HTML only: shown instead of the list while the address's search is on its way (news.astro). */}
      {!live && <SkeletonGrid count={6} label="Loading news" className="card-grid news-query-pending" />}
      {state.status === 'loading' ? (
        <SkeletonGrid count={6} label="Loading news" />
      ) : state.status === 'error' ? (
        <StatePanel kind="error" title="Failed to Load News" action={<RetryButton />}>
          We're having trouble loading the news. Please try again later.
        </StatePanel>
      ) : (
        <div className="news-results">
          <h2 className="mb-6 text-lg font-semibold text-gray-200" aria-live="polite">
            {state.total} Article(s) Found
          </h2>
          {items.length === 0 ? (
            <StatePanel
              kind="empty"
              title="No News Articles Found"
              action={
                <button type="button" className="btn-primary mt-2" onClick={clearFilters}>
                  Clear Filters
                </button>
              }
            >
              {search.trim() !== '' || category !== ALL ? 'No articles match your search or category.' : 'No news articles available at the moment.'}
            </StatePanel>
          ) : (
            <>
              <div className="card-grid">
                {items.map((article, i) => (
                  <NewsCard key={article.id} article={article} onOpen={rememberScroll} priority={i === 0} />
                ))}
              </div>
              {hasMore && <div ref={moreMarker} className="h-px" aria-hidden="true" />}
            </>
          )}
        </div>
      )}
    </>
  )
}
