import { memo, useCallback, useEffect, useState, type ReactNode } from 'react'
import { SearchField } from '../../ui/search-field.tsx'
import { LoadError } from '../shared/load-error.tsx'
import type { AdminNews } from '../shared/types.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { NewsBulkBar } from './news-bulk-bar.tsx'
import { NewsListRow, rowGrid } from './news-list-row.tsx'
import { NEWS_ADMIN_PAGE_SIZE, useNewsCounts, useNewsPage, type NewsStatusFilter } from './use-news.ts'

/** The server is asked once the owner pauses typing. */
const SEARCH_PAUSE_MS = 250

const statuses: { value: NewsStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'drafts', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
]

const number = (n: number) => n.toLocaleString('en-US')

interface Props {
  onEdit: (article: AdminNews) => void
  onNew: () => void
  /** What comes after the list: shown once its first page is in, so nothing moves under the pointer. */
  below: ReactNode
}

/**
 * The News tab's list, first on the tab (decision 0514): searched, filtered by status and paged on
 * the server (GET /api/admin/news, 20 a page), so 10,000 articles cost what 20 do. One compact row
 * per article with its menu; rows chosen with their box take the bulk actions. The choice is
 * the page's: it is cleared when the page, the filter or the search changes.
 */
export const NewsList = memo(function NewsList({ onEdit, onNew, below }: Props) {
  const time = usePanelTime()
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<NewsStatusFilter>('all')
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => {
    // Only a new search goes back to the first page: on mount (nothing typed yet) this timer had
    // sent an owner who clicked Next within the pause back to page 1, with Previous disabled.
    if (typed === search) return
    const timer = setTimeout(() => {
      setSearch(typed)
      setPage(0)
      setSelected(new Set())
    }, SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, search])
  const counts = useNewsCounts(search)
  const list = useNewsPage({ search, status, page })
  const total = list.data?.total ?? 0
  const items = list.data?.items ?? []
  const first = page * NEWS_ADMIN_PAGE_SIZE
  const pages = Math.max(1, Math.ceil(total / NEWS_ADMIN_PAGE_SIZE))
  // A delete can empty the last page: show the one before it.
  useEffect(() => {
    if (list.data && items.length === 0 && page > 0 && !list.isPlaceholderData) setPage(pages - 1)
  }, [list.data, items.length, page, pages, list.isPlaceholderData])

  const onSelect = useCallback(
    (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
    [],
  )
  const goTo = (next: number) => {
    setPage(next)
    setSelected(new Set())
  }
  const chosen = items.filter((a) => selected.has(a.id)).map((a) => a.id)

  return (
    <>
      <section aria-labelledby="news-list-title" aria-busy={list.isFetching} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="news-list-title" className="text-xl font-bold text-white">
            News Articles ({counts.data ? number(counts.data.all) : '…'})
          </h3>
          <button type="button" className="btn-primary" onClick={onNew}>
            New Article
          </button>
        </div>
        <div className="flex min-w-0 flex-col gap-3 md:flex-row md:items-center">
          <SearchField
            className="md:w-80"
            label="Search articles"
            placeholder="Search articles..."
            value={typed}
            onChange={setTyped}
          />
          <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
            {statuses.map((s) => (
              <button
                key={s.value}
                type="button"
                className={status === s.value ? 'btn-primary' : 'btn-outline'}
                aria-pressed={status === s.value}
                onClick={() => {
                  setStatus(s.value)
                  goTo(0)
                }}
              >
                {s.label} ({counts.data ? number(counts.data[s.value]) : '…'})
              </button>
            ))}
          </div>
        </div>
        <NewsBulkBar
          selected={chosen}
          allOnPage={items.length > 0 && chosen.length === items.length}
          someOnPage={chosen.length > 0}
          onSelectPage={(on) => setSelected(new Set(on ? items.map((a) => a.id) : []))}
          onDone={() => setSelected(new Set())}
        />
        {list.isPending ? (
          <p className="text-gray-300">Loading...</p>
        ) : list.isError ? (
          <LoadError text="Error loading the list." onRetry={() => list.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-gray-300">
            {search.trim() || status !== 'all' ? 'No articles match.' : 'No news articles yet.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-gray-300" role="status">
              Showing {number(first + 1)}-{number(first + items.length)} of {number(total)}
            </p>
            <div className="min-w-0 rounded-lg border border-line bg-panel">
              <div
                aria-hidden="true"
                className={`${rowGrid} hidden border-b border-line px-3 py-2 text-xs font-semibold tracking-wide text-gray-400 uppercase lg:grid`}
              >
                <span className="w-4" />
                <span>Title</span>
                <span>Status</span>
                <span>Category</span>
                <span>Date ({time.zone})</span>
                <span>Author</span>
                <span className="w-11" />
              </div>
              <ul aria-label="News articles">
                {items.map((article, i) => (
                  <NewsListRow
                    key={article.id}
                    article={article}
                    index={first + i}
                    count={total}
                    time={time}
                    selected={selected.has(article.id)}
                    onSelect={onSelect}
                    onEdit={onEdit}
                  />
                ))}
              </ul>
            </div>
          </>
        )}
        {!list.isPending && (
          <nav aria-label="Pages" className="flex items-center gap-3">
            <button
              type="button"
              className="btn-outline"
              disabled={page === 0}
              onClick={() => goTo(Math.max(0, page - 1))}
            >
              Previous
            </button>
            <span className="text-sm text-gray-300">
              Page {number(page + 1)} of {number(pages)}
            </span>
            <button type="button" className="btn-outline" disabled={page >= pages - 1} onClick={() => goTo(page + 1)}>
              Next
            </button>
          </nav>
        )}
      </section>
      {!list.isPending && below}
    </>
  )
})
