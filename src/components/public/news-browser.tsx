import { useEffect, useRef, useState } from 'react'
import { ALL_NEWS, MAX_NEWS_PAGE, NEWS_PAGE_SIZE, type NewsQuery } from '../../lib/news-pages.ts'
import { fetchNewsSearchHelp } from '../../lib/news-pages.ts'
import { foldSearch, newsListHref, type NewsListQuery } from '../../lib/news-query.ts'
import type { NewsOrder } from '../../lib/news-search.ts'
import { toNewsItem, type NewsItem } from '../../lib/public-types.ts'
import {
  SCROLL_RESTORE_DELAY_MS,
  saveScrollPosition,
  saveShownCount,
  takeScrollPosition,
  takeSearchSpelling,
  takeShownCount,
} from '../../lib/scroll-memory.ts'
import { SearchField } from '../ui/search-field.tsx'
import { SkeletonGrid } from '../ui/skeleton-grid.tsx'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import { NewsCard } from './news-card.tsx'
import { useLoadMoreMarker, useNewsPages } from './use-news-pages.ts'

const ALL = 'all'
/** Typing waits this long for the next key before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 200

interface Props {
  /** The page's cards of its query, in the API's shape without the bodies; undefined when it could not read them. */
  initial: NewsItem[] | undefined
  /** How many articles the query finds. */
  total?: number
  /** Every category. */
  categories?: string[]
  /** What the page's address asked for (src/lib/news-query.ts): its search, category, order and page. */
  query: NewsListQuery
  /** The page's search found nothing: what it offers instead (decision 0872). */
  help?: SearchHelpCards
}

/** 'Did you mean' and the articles with all the words, as cards. */
interface SearchHelpCards {
  suggestion: string | null
  allWords: NewsItem[]
}

/**
 * The news list: the page's own answer to its address at first (results, count, empty state:
 * decision 0704), then the server searches (title, excerpt, content), filters by category, counts
 * and pages as the visitor asks (decision 0110); cards come 24 at a time as the visitor nears the
 * end. Nothing is read on entry, but the cards shown before an article was opened, to restore the
 * scroll position of the spec.
 */
export function NewsBrowser({ initial, total, categories = [], query: asked, help: initialHelp }: Props) {
  // The address's category as the list names it (the address spells it case-folded).
  const askedCategory = categories.find((c) => c.toLowerCase() === asked.category) ?? (asked.category ? asked.category : ALL)
  const pageQuery: NewsQuery = {
    search: asked.search,
    category: askedCategory === ALL ? '' : askedCategory,
    order: asked.order,
  }
  const { state, show, more } = useNewsPages(initial, total, { query: pageQuery })
  // Controls wait, disabled, until the island is live (decision 0111).
  const live = useHydrated()
  const [scrollTarget, setScrollTarget] = useState<number | null>(null)
  const [search, setSearch] = useState(asked.search)
  const [category, setCategory] = useState(askedCategory)
  const [order, setOrder] = useState<NewsOrder>(asked.order)
  // What the current search is offered when it finds nothing: the page's, then each search's own.
  const [help, setHelp] = useState<{ search: string; cards: SearchHelpCards } | null>(
    initialHelp ? { search: asked.search, cards: initialHelp } : null,
  )
  // A later page of a search (the pager's, for visitors without scripts) does not grow by scrolling.
  const [paged, setPaged] = useState(asked.page > 1)
  const query = (term: string, cat: string, sort: NewsOrder = order): NewsQuery => ({
    search: term,
    category: cat === ALL ? '' : cat,
    order: sort,
  })

  // Entry: the cards shown before an article was opened, then the saved position once they are
  // there (and not before the spec's 100 ms).
  useEffect(() => {
    const saved = takeScrollPosition(window.sessionStorage)
    const shownBefore = takeShownCount(window.sessionStorage) ?? 0
    if (saved === null) return
    let current = true
    const limit = Math.min(MAX_NEWS_PAGE, Math.max(NEWS_PAGE_SIZE, shownBefore))
    const delay = new Promise((resolve) => window.setTimeout(resolve, SCROLL_RESTORE_DELAY_MS))
    const cards = !paged && shownBefore > (initial?.length ?? 0) ? show(pageQuery, { limit }) : Promise.resolve()
    void Promise.all([cards, delay]).then(() => {
      if (current) setScrollTarget(saved)
    })
    return () => {
      current = false
    }
    // Once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The header's search lands on the address's one case-folded spelling (decision 0704): the box
  // shows the term as the visitor typed it ('iRacing', not 'iracing'), without searching again.
  useEffect(() => {
    const typed = takeSearchSpelling(window.sessionStorage, asked.search, foldSearch)
    if (typed !== null) setSearch(typed)
    // Once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Scrolled once the cards asked for on entry are on the page (the effect runs after they are laid out).
  useEffect(() => {
    if (scrollTarget !== null) window.scrollTo({ top: scrollTarget, behavior: 'instant' })
  }, [scrollTarget])

  // Typing asks the server once the visitor pauses, and the list shows its 6 loading skeletons
  // (spec 000) until the answer is in: the cards of the previous query would pass for the typed
  // search's. A category applies at once.
  const typed = useRef(false)
  useEffect(() => {
    if (!typed.current) return
    const timer = window.setTimeout(() => {
      setPaged(false)
      void show(query(search, category), { skeleton: true })
    }, SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search])

  const items = state.status === 'ready' ? state.items : []
  // The search as the list's results answer it (the box may hold a term not yet asked).
  const answered = state.status === 'ready' ? state.query.search.trim() : ''

  // A search that found nothing asks what to offer instead, once per search (the page's own came with it).
  const empty = state.status === 'ready' && state.total === 0 && answered !== ''
  const emptyQuery = state.status === 'ready' ? state.query : null
  useEffect(() => {
    if (!empty || !emptyQuery || help?.search === answered) return
    let current = true
    fetchNewsSearchHelp(emptyQuery)
      .then((found) => {
        if (current)
          setHelp({
            search: answered,
            cards: { suggestion: found.suggestion, allWords: found.allWords.map((n) => toNewsItem(n, { withText: false })) },
          })
      })
      // Nothing to offer: the empty state says enough.
      .catch(() => undefined)
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty, answered])
  const offered = empty && help?.search === answered ? help.cards : null
  const hasMore = !paged && state.status === 'ready' && items.length < state.total
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
    setPaged(false)
    void show(query(search, value))
  }
  const changeOrder = (value: NewsOrder) => {
    setOrder(value)
    setPaged(false)
    void show(query(search, category, value))
  }
  /** 'Did you mean': the site's spelling, searched at once. */
  const searchFor = (term: string) => {
    // Searched here at once: not again by the typing's debounce.
    typed.current = false
    setSearch(term)
    setPaged(false)
    void show(query(term, category), { skeleton: true })
  }
  const clearFilters = () => {
    setSearch('')
    setCategory(ALL)
    setPaged(false)
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
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {search.trim() !== '' && (
          <select
            aria-label="Order"
            value={order}
            onChange={(e) => changeOrder(e.target.value as NewsOrder)}
            disabled={!live}
            className="field"
          >
            <option value="relevant">Most relevant</option>
            <option value="newest">Newest first</option>
          </select>
        )}
      </div>
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
            <>
            <StatePanel
              kind="empty"
              title="No News Articles Found"
              action={
                <button type="button" className="btn-primary mt-2" onClick={clearFilters} disabled={!live}>
                  Clear Filters
                </button>
              }
            >
              {search.trim() !== '' || category !== ALL ? 'No articles match your search or category.' : 'No news articles available at the moment.'}
              {offered?.suggestion && (
                <span className="mt-2 block">
                  Did you mean{' '}
                  <a
                    href={newsListHref(
                      {
                        search: foldSearch(offered.suggestion),
                        category: category === ALL ? '' : category.toLowerCase(),
                        order: 'relevant',
                      },
                      1,
                    )}
                    onClick={(event) => {
                      event.preventDefault()
                      searchFor(offered.suggestion!)
                    }}
                    className="font-semibold text-white underline"
                  >
                    {offered.suggestion}
                  </a>
                  ?
                </span>
              )}
            </StatePanel>
            {offered && offered.allWords.length > 0 && (
              <section aria-labelledby="all-words" className="mt-10">
                <h3 id="all-words" className="mb-4 text-lg font-semibold text-gray-200">
                  Articles with all of these words
                </h3>
                <div className="card-grid">
                  {offered.allWords.map((article) => (
                    <NewsCard key={article.id} article={article} onOpen={rememberScroll} />
                  ))}
                </div>
              </section>
            )}
            </>
          ) : (
            <>
              <div className="card-grid">
                {items.map((article, i) => (
                  <NewsCard key={article.id} article={article} onOpen={rememberScroll} priority={i === 0} search={answered} />
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
