import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { $publishStatus, refreshPublishStatus } from '../shared/publish-status.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

/**
 * How changes reach visitors (docs/decisions/0700): the pages are kept at the CDN, and every save
 * purges the pages it changed, so they show the change within seconds, with no deploy. A purge the
 * CDN refused is retried by itself; it is listed here with its error until it went through, and
 * 'Purge Everything' drops every page at once (each is rendered afresh at its next visit).
 */
export function Publishing() {
  const status = useStore($publishStatus)
  const publishing = status?.publishing
  const time = usePanelTime()
  const purgeAll = useMutation({ mutationFn: () => unwrap(api.admin['purge-all'].$post()) })
  const purge = () => {
    if (purgeAll.isPending) return
    purgeAll.mutate(undefined, {
      onSuccess: () => {
        notify.success('Site Purged', 'Every page is rendered afresh at its next visit.')
        void refreshPublishStatus()
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Purge Failed', 'The CDN did not take the purge.', error)
      },
    })
  }
  return (
    <section aria-labelledby="publishing-title" className="max-w-xl rounded-xl border border-line bg-panel p-5">
      <h3 id="publishing-title" className="mb-2 text-lg font-bold text-white">
        Publishing
      </h3>
      <p className="text-gray-300" aria-live="polite">
        {publishing
          ? `Purges this month: ${publishing.purgesThisMonth}${publishing.failedPurgesThisMonth ? ` (${publishing.failedPurgesThisMonth} refused, then retried)` : ''}`
          : 'Loading publishing...'}
      </p>
      {/* Two lines kept from the start, as the last purge's line takes two: 'Purge Everything' stays put. */}
      <p className="mb-4 min-h-10 text-sm text-gray-400">
        {publishing?.lastPurgeAt
          ? `Last purge ${time.recent(publishing.lastPurgeAt)}. Each save shows on the site within seconds; no deploy is needed.`
          : 'Each save shows on the site within seconds; no deploy is needed.'}
      </p>
      {publishing && publishing.waiting.length > 0 && (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
        >
          <p className="font-semibold">Waiting to reach the CDN (retried automatically):</p>
          <ul className="mt-1 flex flex-col gap-1">
            {publishing.waiting.slice(0, 10).map((w) => (
              <li key={w.tag}>
                {w.tag === '*' ? 'the whole site' : w.tag}: {w.attempts} attempt{w.attempts === 1 ? '' : 's'}
                {w.lastError ? `, ${w.lastError}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        className="btn-outline"
        onClick={purge}
        disabled={purgeAll.isPending}
        aria-busy={purgeAll.isPending}
      >
        {purgeAll.isPending ? 'Purging...' : 'Purge Everything'}
      </button>
    </section>
  )
}
