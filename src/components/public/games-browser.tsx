import type { GameItem } from '../../lib/public-types.ts'
import { toGameItem } from '../../lib/public-types.ts'
import { SkeletonGrid } from '../ui/skeleton-grid.tsx'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { GameCard } from './game-card.tsx'
import { api } from '../../lib/api-client.ts'
import { useFreshList } from './use-fresh-list.ts'

/** The games screen: count line, grid, and the loading, error and empty states. */
export function GamesBrowser({ initial }: { initial: GameItem[] }) {
  const state = useFreshList(() => api.games.steam.$get(), initial, { map: toGameItem })

  if (state.status === 'loading') return <SkeletonGrid count={6} label="Loading games" />
  if (state.status === 'error') {
    return (
      <StatePanel kind="error" title="Failed to Load Games" action={<RetryButton />}>
        We're having trouble loading the games. Please try again later.
      </StatePanel>
    )
  }
  if (state.items.length === 0) {
    return (
      <StatePanel kind="empty" title="No Games Found">
        No sim racing games are available at the moment.
      </StatePanel>
    )
  }
  return (
    <>
      <h2 className="mb-6 text-lg font-semibold text-gray-200" aria-live="polite">
        {state.items.length} Game(s) Found
      </h2>
      <div className="card-grid">
        {state.items.map((game, i) => (
          <GameCard key={game.id} game={game} priority={i === 0} />
        ))}
      </div>
    </>
  )
}
