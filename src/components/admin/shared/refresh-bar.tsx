import { useState } from 'react'
import { FailureNotice, JobFailureNotice, type Failure } from './failure-notice.tsx'
import { isUnauthorized } from './session.ts'
import { notify, serverMessage } from './toast.ts'
import { useRefreshRunning, useStartRefresh, type RefreshTarget } from './use-refresh-jobs.ts'

const texts = {
  streams: {
    button: 'Refresh Streams',
    busy: 'Refreshing Streams...',
    about:
      'Reads live status and viewers from Twitch and YouTube; titles and thumbnails only for streams set to take them.',
  },
  games: {
    button: 'Refresh Games',
    busy: 'Refreshing Games...',
    about:
      "Reads price, description and picture from the Steam store for games with a Steam link. Your own texts are kept; the store's are shown beside them.",
  },
} as const

/**
 * The Streams and Games tabs' refresh (spec 001's stream and game refresh): starts the job, which
 * the progress banner follows to its results toast. `note` says what is not configured.
 */
export function RefreshBar({ target, note }: { target: RefreshTarget; note?: string }) {
  const start = useStartRefresh(target)
  const running = useRefreshRunning(target)
  const busy = start.isPending || running
  const t = texts[target]
  const [startFailure, setStartFailure] = useState<Failure | null>(null)
  const click = () => {
    if (busy) return
    setStartFailure(null)
    start.mutate(undefined, {
      onError: (error) => {
        if (isUnauthorized(error)) return
        const failure = {
          title: 'Refresh Failed',
          description: serverMessage(error) ?? `Failed to refresh ${target}. Please try again.`,
        }
        setStartFailure(failure)
        notify.failure(failure.title, failure.description)
      },
    })
  }
  return (
    <section
      aria-label={t.button}
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-line bg-panel p-4"
    >
      <button type="button" className="btn-outline" onClick={click} disabled={busy} aria-busy={busy}>
        {busy ? t.busy : t.button}
      </button>
      <p className="min-w-0 flex-1 text-sm text-gray-300">{t.about}</p>
      {note && <p className="w-full text-sm text-amber-300">{note}</p>}
      <FailureNotice failure={startFailure} onDismiss={() => setStartFailure(null)} />
      <JobFailureNotice kinds={[`refresh-${target}`, `scheduled-${target}`]} />
    </section>
  )
}
