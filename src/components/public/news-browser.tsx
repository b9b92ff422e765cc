import { useEffect, useMemo, useRef, useState } from 'react'
import { distinctCategories } from '../../lib/news-category.ts'
import { toNewsItem, type NewsItem, type NewsRow } from '../../lib/public-types.ts'
import { SCROLL_RESTORE_DELAY_MS, saveScrollPosition, saveShownCount, takeScrollPosition, takeShownCount } from '../../lib/scroll-memory.ts'
import { filterNews } from '../../lib/search.ts'
import { SearchField } from '../ui/search-field.tsx'
import { SkeletonGrid } from '../ui/skeleton-grid.tsx'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { NewsCard } from './news-card.tsx'
import { api } from '../../lib/api-client.ts'
import { NO_ITEMS, useFreshList } from './use-fresh-list.ts'

const ALL = 'all'
/**
 * Cards rendered at first and added each time the visitor nears the end of the list: the count
 * and the search cover every article, while the page's work stays the same however many there are.
 */
export const NEWS_CARDS_PER_STEP = 24
const toItem = (row: NewsRow) => toNewsItem(row, { withText: true })

/** The news list: search (prefilled from ?search=), category filter, scroll memory, states. */
export function NewsBrowser({ initial }: { initial: NewsItem[] }) {
  const state = useFreshList(() => api.news.$get({ query: {} }), initial, { map: toItem })
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState(ALL)
  const [cardLimit, setCardLimit] = useState(NEWS_CARDS_PER_STEP)

  useEffect(() => {
    const term = new URLSearchParams(window.location.search).get('search')
    if (term) setSearch(term)
    const saved = takeScrollPosition(window.sessionStorage)
    const shownBefore = takeShownCount(window.sessionStorage)
    // Back from an article: as many cards as before, so that the saved position exists again.
    if (saved !== null && shownBefore !== null) setCardLimit(Math.max(NEWS_CARDS_PER_STEP, shownBefore))
    const timer = window.setTimeout(() => window.scrollTo({ top: saved ?? 0, behavior: 'instant' }), SCROLL_RESTORE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  const items = state.status === 'ready' ? state.items : NO_ITEMS
  const categories = useMemo(() => distinctCategories(items), [items])
  const shown = useMemo(() => filterNews(items, { search, category }), [items, search, category])
  const hasMore = shown.length > cardLimit
  const moreMarker = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const marker = moreMarker.current
    if (!hasMore || !marker) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setCardLimit((limit) => limit + NEWS_CARDS_PER_STEP)
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(marker)
    return () => observer.disconnect()
  }, [hasMore, cardLimit])

  const rememberScroll = () => {
    saveScrollPosition(window.sessionStorage, window.scrollY)
    saveShownCount(window.sessionStorage, Math.min(cardLimit, shown.length))
  }
  // A new search or category starts again from the first cards.
  const changeSearch = (value: string) => {
    setSearch(value)
    setCardLimit(NEWS_CARDS_PER_STEP)
  }
  const changeCategory = (value: string) => {
    setCategory(value)
    setCardLimit(NEWS_CARDS_PER_STEP)
  }
  const clearFilters = () => {
    changeSearch('')
    setCategory(ALL)
  }

  return (
    <>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        <SearchField label="Search articles" placeholder="Search articles..." value={search} onChange={changeSearch} className="flex-1" />
        <select aria-label="Category" value={category} onChange={(e) => changeCategory(e.target.value)} className="field">
          <option value={ALL}>All Categories</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' ? (
        <SkeletonGrid count={6} label="Loading news" />
      ) : state.status === 'error' ? (
        <StatePanel kind="error" title="Failed to Load News" action={<RetryButton />}>
          We're having trouble loading the news. Please try again later.
        </StatePanel>
      ) : (
        <>
          <h2 className="mb-6 text-lg font-semibold text-gray-200" aria-live="polite">
            {shown.length} Article(s) Found
          </h2>
          {shown.length === 0 ? (
            <StatePanel
              kind="empty"
              title="No News Articles Found"
              action={
                <button type="button" className="btn-primary mt-2" onClick={clearFilters}>
                  Clear Filters
                </button>
              }
            >
              {search.trim() !== '' || category !== ALL
                ? 'No articles match your search or category.'
                : 'No news articles available at the moment.'}
            </StatePanel>
          ) : (
            <>
              <div className="card-grid">
                {shown.slice(0, cardLimit).map((article, i) => (
                  <NewsCard key={article.id} article={article} onOpen={rememberScroll} priority={i < 3} />
                ))}
              </div>
              {hasMore && <div ref={moreMarker} className="h-px" aria-hidden="true" />}
            </>
          )}
        </>
      )}
    </>
  )
}
