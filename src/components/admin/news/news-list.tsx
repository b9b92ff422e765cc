import { memo, useEffect, useState } from 'react'
import { SearchField } from '../../ui/search-field.tsx'
import { LoadError } from '../shared/load-error.tsx'
import type { AdminNews } from '../shared/types.ts'
import { NewsListRow } from './news-list-row.tsx'
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
  /** The article in the form: deleting it returns the form to add mode. */
  onDeleted: (id: number) => void
}

/**
 * The News tab's list: searched, filtered by status and paged on the server (GET /api/admin/news,
 * 20 a page), so 10,000 articles cost what 20 do. Memoised with stable props: typing in the form
 * never renders it. While another page loads the current one stays, so nothing moves under the pointer.
 */
export const NewsList = memo(function NewsList({ onEdit, onDeleted }: Props) {
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<NewsStatusFilter>('all')
  const [page, setPage] = useState(0)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed)
      setPage(0)
    }, SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed])
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

  return (
    <section aria-labelledby="news-list-title" aria-busy={list.isFetching} className="flex flex-col gap-4">
      <h3 id="news-list-title" className="text-xl font-bold text-white">
        News Articles ({counts.data ? number(counts.data.all) : '…'})
      </h3>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
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
                setPage(0)
              }}
            >
              {s.label} ({counts.data ? number(counts.data[s.value]) : '…'})
            </button>
          ))}
        </div>
      </div>
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
          <ul aria-label="News articles" className="flex flex-col gap-3">
            {items.map((article, i) => (
              <NewsListRow
                key={article.id}
                article={article}
                index={first + i}
                count={total}
                onEdit={onEdit}
                onDeleted={onDeleted}
              />
            ))}
          </ul>
        </>
      )}
      <nav aria-label="Pages" className="flex items-center gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={page === 0 || list.isPending}
          onClick={() => setPage((p) => Math.max(0, p - 1))}
        >
          Previous
        </button>
        <span className="text-sm text-gray-300">
          Page {number(page + 1)} of {number(pages)}
        </span>
        <button
          type="button"
          className="btn-outline"
          disabled={page >= pages - 1 || list.isPending}
          onClick={() => setPage((p) => p + 1)}
        >
          Next
        </button>
      </nav>
    </section>
  )
})
