import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { streamStartTime as shortDateTime } from '../../../lib/dates.ts'
import { $publishStatus, pollPublishStatus } from '../shared/publish-status.ts'

const labels = { pending: 'Changes pending', building: 'Building the site', live: 'Live' } as const
const colours = { pending: 'bg-amber-400', building: 'bg-sky-400', live: 'bg-emerald-400' } as const

/** The site's publish state, always visible: pending / building / live, last build, last error. */
export function PublishBadge() {
  const status = useStore($publishStatus)
  useEffect(() => pollPublishStatus(), [])
  // As tall as the two lines that replace it: the header, and the tab below it, do not move.
  if (!status) return <p className="min-h-10 text-sm text-gray-400">Site status: checking...</p>
  const state = status.status as keyof typeof labels
  return (
    <div className="flex flex-col text-sm" role="status" aria-live="polite">
      <p className="flex items-center gap-2 font-semibold text-white">
        <span
          aria-hidden="true"
          className={`inline-block h-2.5 w-2.5 rounded-full ${colours[state] ?? 'bg-gray-400'}`}
        />
        Site: {labels[state] ?? state}
      </p>
      <p className="text-gray-300">
        {status.liveAt ? `Last build ${shortDateTime(status.liveAt)}` : 'Not built since the last start'}
      </p>
      {status.lastError && <p className="text-red-300">Last error: {status.lastError}</p>}
    </div>
  )
}
