import { useMemo, useState } from 'react'
import type { ReviewItem } from '../../lib/public-types.ts'
import { filterReviews } from '../../lib/search.ts'
import { SearchField } from '../ui/search-field.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { ReviewCard } from './review-card.tsx'
import { NO_ITEMS, pageList } from './page-list.ts'

/** The reviews screen: search and states ('No Reviews Available' from the server, 'No Reviews Found' from a search). */
export function ReviewsBrowser({ initial }: { initial: ReviewItem[] | undefined }) {
  const state = pageList(initial)
  const [search, setSearch] = useState('')
  // Controls wait, disabled, until the island is live (decision 0111).
  const hydrated = useHydrated()
  const items = state.status === 'ready' ? state.items : NO_ITEMS
  const shown = useMemo(() => filterReviews(items, search), [items, search])

  return (
    <>
      <SearchField label="Search reviews" placeholder="Search reviews..." value={search} onChange={setSearch} disabled={!hydrated} className="mb-8" />
      {state.status === 'error' ? (
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
            <ReviewCard key={review.id} review={review} priority={i === 0} />
          ))}
        </div>
      )}
    </>
  )
}
