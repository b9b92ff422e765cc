import { actorNames, DELETED_LIST_DAYS, type RevisionEntity } from '../../../lib/revisions.ts'
import { LoadError } from './load-error.tsx'
import { isUnauthorized } from './session.ts'
import { notify } from './toast.ts'
import { useDeletedRecords, useRestoreVersion } from './use-revisions.ts'
import { usePanelTime } from './use-time-zone.ts'

/**
 * The tab's 'Recently deleted' list: each record deleted lately comes back, with its id, in one
 * click. It sits last in its tab, so nothing below it moves when it loads.
 */
export function RecentlyDeleted({ entity, title = 'Recently deleted' }: { entity: RevisionEntity; title?: string }) {
  const deleted = useDeletedRecords(entity)
  const restore = useRestoreVersion(entity)
  const time = usePanelTime()
  const onRestore = (revisionId: number, name: string) =>
    restore.mutate(revisionId, {
      onSuccess: () => notify.success('Version Restored', `"${name}" is back.`),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to restore the item. Please try again.', error)
      },
    })
  const titleId = `recently-deleted-${entity}`
  return (
    <section aria-labelledby={titleId} aria-busy={deleted.isPending} className="rounded-xl border border-line p-5">
      <h3 id={titleId} className="mb-3 text-lg font-bold text-white">
        {title}
      </h3>
      {deleted.isPending ? (
        <p className="text-gray-300">Loading...</p>
      ) : deleted.isError ? (
        <LoadError text="Error loading the deleted items." onRetry={() => deleted.refetch()} />
      ) : deleted.data.length === 0 ? (
        <p className="text-gray-300">Nothing deleted in the last {DELETED_LIST_DAYS} days.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {deleted.data.map((d) => (
            <li key={d.revisionId} className="flex items-center gap-3 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-bold text-white">{d.name}</span>{' '}
                <span className="text-gray-300">
                  deleted {time.long(d.deletedAt)} by {actorNames[d.actor]}
                </span>
              </span>
              <button
                type="button"
                className="btn-outline"
                aria-label={`Restore ${d.name}`}
                disabled={restore.isPending}
                onClick={() => onRestore(d.revisionId, d.name)}
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
