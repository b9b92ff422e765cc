import type { StandingsItem } from '../../lib/public-types.ts'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { StandingsCard } from './standings-card.tsx'
import { STANDINGS_NOTE } from './state-texts.ts'
import { pageList } from './page-list.ts'

/** The championships screen: one card per championship with its top 3. */
export function ChampionshipsBoard({ initial }: { initial: StandingsItem[] | undefined }) {
  const state = pageList(initial)

  if (state.status === 'error') {
    return (
      <StatePanel kind="error" title="Failed to Load Championships" action={<RetryButton />}>
        Unable to fetch championship data at the moment.
      </StatePanel>
    )
  }
  if (state.items.length === 0) {
    return (
      <StatePanel kind="empty" title="No Championship Data">
        <p>No championship standings available.</p>
        <p className="mt-1 text-sm text-gray-400">{STANDINGS_NOTE}</p>
      </StatePanel>
    )
  }
  return (
    <div className="card-grid-2">
      {state.items.map((c) => (
        <StandingsCard key={c.id} championship={c} headingLevel={2} />
      ))}
    </div>
  )
}
