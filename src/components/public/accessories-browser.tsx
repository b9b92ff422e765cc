import { useMemo, useState } from 'react'
import { accessorySorts, isAccessorySort, sortAccessories, type AccessorySort } from '../../lib/accessory-sort.ts'
import type { AccessoryItem } from '../../lib/public-types.ts'
import { filterAccessories } from '../../lib/search.ts'
import { SearchField } from '../ui/search-field.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { AccessoryCard } from './accessory-card.tsx'
import { NO_ITEMS, pageList } from './page-list.ts'

/** The hardware screen: search, sort, count, grid and states (the page's hardware: page-list.ts). */
export function AccessoriesBrowser({ initial }: { initial: AccessoryItem[] | undefined }) {
  const state = pageList(initial)
  const [search, setSearch] = useState('')
  // Controls wait, disabled, until the island is live (decision 0111).
  const hydrated = useHydrated()
  const [sort, setSort] = useState<AccessorySort>('newest')
  const items = state.status === 'ready' ? state.items : NO_ITEMS
  const shown = useMemo(() => sortAccessories(filterAccessories(items, search), sort), [items, search, sort])

  return (
    <>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        <SearchField label="Search hardware" placeholder="Search hardware..." value={search} onChange={setSearch} disabled={!hydrated} className="flex-1" />
        <label className="flex items-center gap-2 text-sm text-gray-300">
          Sort by
          <select
            value={sort}
            onChange={(e) => isAccessorySort(e.target.value) && setSort(e.target.value)}
            disabled={!hydrated}
            className="field"
          >
            {accessorySorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.status === 'error' ? (
        <StatePanel kind="error" title="Failed to Load Hardware" action={<RetryButton />}>
          We're having trouble loading the hardware. Please try again later.
        </StatePanel>
      ) : (
        <>
          <h2 className="mb-6 text-lg font-semibold text-gray-200" aria-live="polite">
            {shown.length} Hardware Item(s) Found
          </h2>
          {shown.length === 0 ? (
            <StatePanel
              kind="empty"
              title="No Hardware Found"
              action={
                search.trim() !== '' && (
                  <button type="button" className="btn-primary mt-2" onClick={() => setSearch('')}>
                    Clear Search
                  </button>
                )
              }
            >
              {search.trim() !== '' ? 'No hardware matches your search.' : 'No hardware is available at the moment.'}
            </StatePanel>
          ) : (
            <div className="card-grid-4">
              {shown.map((item, i) => (
                <AccessoryCard key={item.id} item={item} priority={i === 0} />
              ))}
            </div>
          )}
        </>
      )}
    </>
  )
}
