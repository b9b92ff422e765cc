import { useStore } from '@nanostores/react'
import { usePanelTime, useTimeZoneQuery } from '../shared/use-time-zone.ts'
import { $publishStatus } from '../shared/publish-status.ts'

const labels = { pending: 'Publishing changes', live: 'Live' } as const
const colours = { pending: 'bg-amber-400', live: 'bg-emerald-400' } as const

/**
 * Whether the owner's changes are on the public pages, always visible: live once the CDN dropped
 * the pages a write changed (seconds, no deploy: docs/decisions/0700), pending while a purge waits
 * or is retried, with its error once its quiet retries are spent (decision 0703). The shell polls the state (admin-shell.tsx).
 */
export function PublishBadge() {
  const status = useStore($publishStatus)
  const time = usePanelTime()
  // Its time is in the site's zone: shown once that has arrived too.
  const zoneKnown = !useTimeZoneQuery().isPending
  // As tall as the two lines that replace it: the header, and the tab below it, do not move. The
  // same live region from the start: a screen reader hears the state when it arrives, and the
  // placeholder is not content outside any landmark (axe's 'region' rule on a phone).
  if (!status || !zoneKnown)
    return (
      <div role="status" aria-live="polite">
        <p className="min-h-10 text-sm text-gray-400">Site status: checking...</p>
      </div>
    )
  const { state, lastPurgeAt, waiting } = status.publishing
  // Waiting for the rate limit's window or a quiet retry is 'Publishing changes'; an error only once retries did not help.
  const failing = waiting.find((w) => w.failing)
  return (
    <div className="flex flex-col text-sm" role="status" aria-live="polite">
      <p className="flex items-center gap-2 font-semibold text-white">
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${colours[state]}`} />
        Site: {labels[state]}
      </p>
      <p className="text-gray-300">
        {lastPurgeAt ? `Last change published ${time.recent(lastPurgeAt)}` : 'Changes show on the site at once'}
      </p>
      {failing && <p className="text-red-300">Last error: {failing.lastError}</p>}
    </div>
  )
}
