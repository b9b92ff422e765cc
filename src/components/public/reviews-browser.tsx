import { useMemo, useState } from 'react'
import type { ReviewItem } from '../../lib/public-types.ts'
import { toReviewItem } from '../../lib/public-types.ts'
import { filterReviews } from '../../lib/search.ts'
import { SearchIcon } from '../ui/icons.tsx'
import { SkeletonGrid } from '../ui/skeleton-grid.tsx'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { ReviewCard } from './review-card.tsx'
import { NO_ITEMS, useFreshList } from './use-fresh-list.ts'

/** The reviews screen: search and states ('No Reviews Available' from the server, 'No Reviews Found' from a search). */
export function ReviewsBrowser({ initial }: { initial: ReviewItem[] }) {
  const state = useFreshList<ReviewItem>('/api/reviews', initial, { map: toReviewItem })
  const [search, setSearch] = useState('')
  const items = state.status === 'ready' ? state.items : NO_ITEMS
  const shown = useMemo(() => filterReviews(items, search), [items, search])

  return (
    <>
      <div className="relative mb-8">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400" />
        <input
          type="search"
          aria-label="Search reviews"
          placeholder="Search reviews..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="field w-full pl-10"
        />
      </div>
      {state.status === 'loading' ? (
        <SkeletonGrid count={4} label="Loading reviews" className="card-grid-2" />
      ) : state.status === 'error' ? (
        <StatePanel kind="error" title="Failed to Load Reviews" action={<RetryButton />}>
          We're having trouble loading the reviews. Please try again later.
        </StatePanel>
      ) : items.length === 0 ? (
        <StatePanel kind="empty" title="No Reviews Available">
          There are no game reviews yet. Check back soon.
        </StatePanel>
      ) : shown.length === 0 ? (
        <StatePanel
          kind="empty"
          title="No Reviews Found"
          action={
            <button type="button" className="btn-primary mt-2" onClick={() => setSearch('')}>
              Clear Search
            </button>
          }
        >
          No reviews match your search.
        </StatePanel>
      ) : (
        <div className="card-grid-2">
          {shown.map((review, i) => (
            <ReviewCard key={review.id} review={review} priority={i < 2} />
          ))}
        </div>
      )}
    </>
  )
}
