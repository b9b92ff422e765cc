import type { GameItem } from '../../lib/public-types.ts'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { GameCard } from './game-card.tsx'
import { pageList } from './page-list.ts'

/** The games screen: count line, grid, and the error and empty states (the page's games: page-list.ts). */
export function GamesBrowser({ initial }: { initial: GameItem[] | undefined }) {
  const state = pageList(initial)

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
