import { formatLabels, sessionTypeLabels, type ResultFormat, type SessionType } from '../../../lib/results/types.ts'
import { confirmDelete } from '../shared/confirm.tsx'
import { LoadError } from '../shared/load-error.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useDeleteSession, useImportedSessions } from './use-race-results.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

/** The sessions imported so far; deleting one takes its laps and its points away. */
export function ImportedSessions() {
  const time = usePanelTime()
  const sessions = useImportedSessions()
  const remove = useDeleteSession()
  if (sessions.isPending) return <p className="text-gray-300">Loading imported sessions...</p>
  if (sessions.isError) return <LoadError text="Error loading imported sessions." onRetry={() => sessions.refetch()} />

  const name = (s: { track: string; trackVariant?: string; sessionType: string }) =>
    `${s.track}${s.trackVariant ? ` (${s.trackVariant})` : ''} ${(sessionTypeLabels[s.sessionType as SessionType] ?? s.sessionType).toLowerCase()}`
  const onDelete = async (s: NonNullable<typeof sessions.data>[number]) => {
    if (
      !(await confirmDelete(
        `Delete the imported ${name(s)}? Its laps and points are removed and the standings computed again.`,
      ))
    )
      return
    try {
      await remove.mutateAsync(s.id)
      notify.success('Deleted!', `The imported ${name(s)} has been deleted.`)
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to delete the imported session', error)
    }
  }

  return (
    <section aria-labelledby="imported-sessions-heading" className="rounded-xl border border-line p-5">
      <h3 id="imported-sessions-heading" className="mb-3 text-lg font-bold text-white">
        Imported Sessions ({sessions.data.length})
      </h3>
      {sessions.data.length === 0 ? (
        <p className="text-gray-300">No race results imported yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-ink/60 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-white">
                  {s.championshipName ? `Round ${s.round} of ${s.championshipName}` : 'In no championship'} · {name(s)}
                </p>
                <p className="text-sm text-gray-300">
                  {formatLabels[s.format as ResultFormat] ?? s.format} · {time.recent(s.startedAt)} · {s.cars} cars ·{' '}
                  {s.lapCount} valid laps{s.fileName ? ` · ${s.fileName}` : ''}
                </p>
              </div>
              <button
                type="button"
                className="btn-outline"
                aria-label={`Delete the imported ${name(s)}${s.round ? ` (round ${s.round})` : ''}`}
                disabled={remove.isPending}
                onClick={() => void onDelete(s)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
