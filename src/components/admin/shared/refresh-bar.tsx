import { isUnauthorized } from './session.ts'
import { notify, serverMessage } from './toast.ts'
import { useRefreshRunning, useStartRefresh, type RefreshTarget } from './use-refresh-jobs.ts'

const texts = {
  streams: {
    button: 'Refresh Streams',
    busy: 'Refreshing Streams...',
    about: 'Reads live status, viewers, titles and thumbnails from Twitch and YouTube for every stream.',
  },
  games: {
    button: 'Refresh Games',
    busy: 'Refreshing Games...',
    about: 'Reads price, description and picture from the Steam store for every game with a Steam link.',
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
  const click = () => {
    if (busy) return
    start.mutate(undefined, {
      onError: (error) => {
        if (!isUnauthorized(error))
          notify.failure('Refresh Failed', serverMessage(error) ?? `Failed to refresh ${target}. Please try again.`)
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
    </section>
  )
}
