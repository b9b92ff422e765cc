import { Dialog } from 'radix-ui'
import { longDateTime } from '../../../lib/dates.ts'
import { fieldLabel, type RevisionActor, type RevisionEntity } from '../../../lib/revisions.ts'
import { LoadError } from './load-error.tsx'
import { isUnauthorized } from './session.ts'
import { notify } from './toast.ts'
import { useRestoreVersion, useRevisions } from './use-revisions.ts'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(40rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-ink p-6'

export const actorNames: Record<RevisionActor, string> = { admin: 'You', ai: 'AI', scheduler: 'Scheduler' }

/** A record's 'History' button and dialog: its versions, who changed what and when, Restore per version. */
export function RevisionHistory({ entity, id, name }: { entity: RevisionEntity; id: number; name: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn-outline" aria-label={`History of ${name}`}>
          History
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass}>
          <div className="mb-2 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-white">History of {name}</Dialog.Title>
            <Dialog.Close className="btn-outline">Close</Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-gray-300">
            Each change keeps the version before it. Restore puts that version back.
          </Dialog.Description>
          <Versions entity={entity} id={id} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function Versions({ entity, id }: { entity: RevisionEntity; id: number }) {
  const versions = useRevisions(entity, id)
  const restore = useRestoreVersion(entity)
  if (versions.isPending) return <p className="text-gray-300">Loading...</p>
  if (versions.isError) return <LoadError text="Error loading the history." onRetry={() => versions.refetch()} />
  if (versions.data.length === 0) return <p className="text-gray-300">No earlier versions yet.</p>
  const onRestore = (revisionId: number) =>
    restore.mutate(revisionId, {
      onSuccess: () => notify.success('Version Restored'),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to restore the version. Please try again.', error)
      },
    })
  return (
    <ol className="flex flex-col gap-3" aria-label="Versions">
      {versions.data.map((v) => {
        const when = longDateTime(v.createdAt)
        return (
          <li key={v.id} className="flex flex-col gap-2 rounded-lg border border-line bg-panel p-3 sm:flex-row">
            <div className="min-w-0 flex-1 text-sm">
              <p className="text-white">
                <time dateTime={v.createdAt}>{when}</time> · {actorNames[v.actor]}
              </p>
              <p className="text-gray-300">{v.summary}</p>
              {v.changedFields.length > 0 && (
                <ul className="mt-1 text-gray-400">
                  {v.changedFields.map((field) => (
                    <li key={field}>
                      {fieldLabel(field)}
                      {v.oldValues[field] != null && <> was “{v.oldValues[field]}”</>}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {v.restorable && (
              <button
                type="button"
                className="btn-outline self-start"
                aria-label={`Restore the version before the change of ${when}`}
                disabled={restore.isPending}
                aria-busy={restore.isPending && restore.variables === v.id}
                onClick={() => onRestore(v.id)}
              >
                Restore
              </button>
            )}
          </li>
        )
      })}
    </ol>
  )
}
