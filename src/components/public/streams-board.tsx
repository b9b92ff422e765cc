import type { StreamItem } from '../../lib/public-types.ts'
import { StatePanel } from '../ui/state-panel.tsx'
import { StreamCard } from './stream-card.tsx'
import { STREAMS_NOTE } from './state-texts.ts'

/**
 * The streams screen: 'LIVE NOW' only when live streams exist, then 'Recent Streams': the page's
 * lists (page-list.ts). Whether a stream is live is what the scheduler's stream refresh last read,
 * and a refresh that changes it purges the page (decision 0704): nothing is read on load. Failures
 * are not shown (spec 000 section 8).
 */
export function StreamsBoard({ initial, initialLive }: { initial: StreamItem[]; initialLive: StreamItem[] }) {
  const live = initialLive
  const recent = initial.filter((s) => !s.isLive)

  if (live.length === 0 && recent.length === 0) {
    return (
      <StatePanel kind="empty">
        <p>No streams available.</p>
        <p className="mt-1 text-sm text-gray-400">{STREAMS_NOTE}</p>
      </StatePanel>
    )
  }
  return (
    <div className="flex flex-col gap-12">
      {live.length > 0 && (
        <section aria-labelledby="live-now">
          <h2 id="live-now" className="section-title mb-6 flex items-center gap-3">
            {/* A still dot: endless blinking would need a way to stop it (WCAG 2.2.2). */}
            <span className="inline-block size-3 rounded-full bg-brand" aria-hidden="true" />
            LIVE NOW
          </h2>
          <div className="card-grid">
            {live.map((s, i) => (
              <StreamCard key={s.id} stream={s} variant="page" priority={i === 0} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="recent-streams">
        <h2 id="recent-streams" className="section-title mb-6">
          Recent Streams
        </h2>
        {recent.length === 0 ? (
          <StatePanel kind="empty">
            <p>No streams available.</p>
            <p className="mt-1 text-sm text-gray-400">{STREAMS_NOTE}</p>
          </StatePanel>
        ) : (
          <div className="card-grid">
            {recent.map((s, i) => (
              <StreamCard key={s.id} stream={s} variant="page" priority={i === 0 && live.length === 0} />
            ))}
          </div>
        )}
      </section>
    </div>
  )
}
