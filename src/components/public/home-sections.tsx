/**
 * The home page's list sections (spec 000 section 2): each shows the page's items (rendered on
 * demand, purged on every write that changes them: fresh by construction, decision 0704) and reads
 * nothing on load; 'View All News' reads the next articles when the visitor asks.
 */
import { useState } from 'react'
import type { AccessoryItem, GameItem, NewsItem, StandingsItem, StreamItem } from '../../lib/public-types.ts'
import { HOME_CHAMPIONSHIPS } from '../../lib/standings.ts'
import { homeStreams } from '../../lib/streams.ts'
import { ArrowRightIcon } from '../ui/icons.tsx'
import { SkeletonGrid } from '../ui/skeleton-grid.tsx'
import { StatePanel } from '../ui/state-panel.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import { GameCard } from './game-card.tsx'
import { AccessoryCard } from './accessory-card.tsx'
import { NewsCard } from './news-card.tsx'
import { StandingsCard } from './standings-card.tsx'
import { StreamCard } from './stream-card.tsx'
import { STANDINGS_NOTE, STREAMS_NOTE } from './state-texts.ts'
import { useLoadMoreMarker, useNewsPages } from './use-news-pages.ts'

export const HOME_NEWS = 3
const keep = { onError: 'keep' } as const

/**
 * The first 3 articles; 'View All News (N)' expands to every article, read from the API page by
 * page as the visitor scrolls (decision 0110). The button is disabled until the island is live
 * (decision 0111): a click before would be lost.
 */
export function HomeNews({ initial, total }: { initial: NewsItem[]; total?: number }) {
  const { state, more } = useNewsPages(initial, total, keep)
  const hydrated = useHydrated()
  const [expanded, setExpanded] = useState(false)
  const items = state.status === 'ready' ? state.items : []
  const hasMore = expanded && state.status === 'ready' && items.length < state.total
  const moreMarker = useLoadMoreMarker(hasMore, items.length, more)

  if (state.status !== 'ready') return <SkeletonGrid count={HOME_NEWS} label="Loading news" />
  if (state.total === 0) return <StatePanel kind="empty">No news articles available at the moment.</StatePanel>
  const shown = expanded ? items : items.slice(0, HOME_NEWS)
  return (
    <>
      <div className="card-grid" id="home-news-list">
        {shown.map((article) => (
          <NewsCard key={article.id} article={article} />
        ))}
      </div>
      {hasMore && <div ref={moreMarker} className="h-px" aria-hidden="true" />}
      {state.total > HOME_NEWS && (
        <div className="mt-8 text-center">
          <button
            type="button"
            className="btn-primary"
            aria-expanded={expanded}
            aria-controls="home-news-list"
            disabled={!hydrated}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Show Less' : `View All News (${state.total})`}
          </button>
        </div>
      )}
    </>
  )
}

export function HomeStandings({ initial }: { initial: StandingsItem[] }) {
  if (initial.length === 0) {
    return (
      <StatePanel kind="empty">
        <p>No championship standings available.</p>
        <p className="mt-1 text-sm text-gray-400">{STANDINGS_NOTE}</p>
      </StatePanel>
    )
  }
  return (
    <div className="card-grid-4">
      {initial.slice(0, HOME_CHAMPIONSHIPS).map((c) => (
        <StandingsCard key={c.id} championship={c} />
      ))}
    </div>
  )
}

export function HomeStreams({ initial }: { initial: StreamItem[] }) {
  if (initial.length === 0) {
    return (
      <StatePanel kind="empty">
        <p>No streams available.</p>
        <p className="mt-1 text-sm text-gray-400">{STREAMS_NOTE}</p>
      </StatePanel>
    )
  }
  const { shown, showViewAll } = homeStreams(initial)
  return (
    <>
      <div className="card-grid">
        {shown.map((s) => (
          <StreamCard key={s.id} stream={s} variant="home" />
        ))}
      </div>
      {showViewAll && (
        <div className="mt-8 text-center">
          <a className="btn-outline" href="/streaming">
            View All Streams <ArrowRightIcon className="size-4" />
          </a>
        </div>
      )}
    </>
  )
}

export function HomeGames({ initial }: { initial: GameItem[] }) {
  if (initial.length === 0) return <StatePanel kind="empty">No featured games available at the moment.</StatePanel>
  return (
    <div className="card-grid">
      {initial.map((g) => (
        <GameCard key={g.id} game={g} />
      ))}
    </div>
  )
}

export function HomeGear({ initial }: { initial: AccessoryItem[] }) {
  if (initial.length === 0) return <StatePanel kind="empty">No featured accessories available at the moment.</StatePanel>
  return (
    <div className="card-grid-4">
      {initial.map((item) => (
        <AccessoryCard key={item.id} item={item} />
      ))}
    </div>
  )
}
