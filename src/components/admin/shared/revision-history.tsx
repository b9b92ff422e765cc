import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { actorNames, fieldLabel, type RevisionEntity } from '../../../lib/revisions.ts'
import { LoadError } from './load-error.tsx'
import { RevisionChanges } from './revision-changes.tsx'
import { isUnauthorized } from './session.ts'
import { notify } from './toast.ts'
import { useRestoreVersion, useRevisionChanges, useRevisions, useRevisionVersion } from './use-revisions.ts'
import { usePanelTime } from './use-time-zone.ts'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(44rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-ink p-6'

/**
 * A record's 'History' button and dialog: its versions, who changed what and when, what each change
 * did when the owner opens it (old -> new per field, issue 25; read one version at a time, issue 31),
 * a preview of each version, and Restore.
 */
export function RevisionHistory({
  entity,
  id,
  name,
  label = `History of ${name}`,
}: {
  entity: RevisionEntity
  id: number
  name: string
  /** The button's accessible name, where another 'History of {name}' is on the page too. */
  label?: string
}) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn-outline" aria-label={label}>
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
            Each change keeps the version before it. Preview shows that version; Restore puts it back.
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
  const time = usePanelTime()
  const [previewed, setPreviewed] = useState<number | null>(null)
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set())
  if (versions.isPending) return <p className="text-gray-300">Loading...</p>
  if (versions.isError) return <LoadError text="Error loading the history." onRetry={() => versions.refetch()} />
  if (versions.data.length === 0) return <p className="text-gray-300">No earlier versions yet.</p>
  const onRestore = (revisionId: number) =>
    restore.mutate(revisionId, {
      onSuccess: () => {
        setPreviewed(null)
        notify.success('Version Restored')
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to restore the version. Please try again.', error)
      },
    })
  const toggleChanges = (revisionId: number) =>
    setOpened((ids) => {
      const next = new Set(ids)
      if (!next.delete(revisionId)) next.add(revisionId)
      return next
    })
  return (
    <ol className="flex flex-col gap-3" aria-label="Versions">
      {versions.data.map((v) => {
        const when = time.long(v.createdAt)
        const open = previewed === v.id
        // A delete, and the empty version a restored record starts from, changed no field.
        const hasChanges = v.restorable && v.action !== 'delete' && v.changedFields.length > 0
        const changesOpen = hasChanges && opened.has(v.id)
        return (
          <li key={v.id} className="flex flex-col gap-2 rounded-lg border border-line bg-panel p-3">
            <div className="flex flex-col gap-2 sm:flex-row">
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-white">
                  <time dateTime={v.createdAt}>{when}</time> · {actorNames[v.actor]}
                </p>
                <p className="text-gray-300">{time.inText(v.summary)}</p>
                {v.changedFields.length > 0 && (
                  <p className="mt-1 text-gray-400">{v.changedFields.map(fieldLabel).join(', ')}</p>
                )}
              </div>
              {v.restorable && (
                <div className="flex shrink-0 flex-wrap gap-2 self-start">
                  {hasChanges && (
                    <button
                      type="button"
                      className="btn-outline"
                      aria-expanded={changesOpen}
                      aria-controls={`changes-${v.id}`}
                      aria-label={`Changes made at ${when}`}
                      onClick={() => toggleChanges(v.id)}
                    >
                      {changesOpen ? 'Hide changes' : 'Changes'}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-outline"
                    aria-expanded={open}
                    aria-controls={`version-${v.id}`}
                    aria-label={`Preview the version before the change of ${when}`}
                    onClick={() => setPreviewed(open ? null : v.id)}
                  >
                    {open ? 'Hide preview' : 'Preview'}
                  </button>
                  <button
                    type="button"
                    className="btn-outline"
                    aria-label={`Restore the version before the change of ${when}`}
                    disabled={restore.isPending}
                    aria-busy={restore.isPending && restore.variables === v.id}
                    onClick={() => onRestore(v.id)}
                  >
                    Restore
                  </button>
                </div>
              )}
            </div>
            {changesOpen && <VersionChanges revisionId={v.id} when={when} />}
            {open && <VersionPreview revisionId={v.id} when={when} />}
          </li>
        )
      })}
    </ol>
  )
}

/** What a version's change did, read from the server when the owner opens it. */
function VersionChanges({ revisionId, when }: { revisionId: number; when: string }) {
  const changes = useRevisionChanges(revisionId)
  return (
    <section
      id={`changes-${revisionId}`}
      aria-label={`What the change of ${when} did`}
      aria-busy={changes.isPending}
      className="text-sm"
    >
      {changes.isPending ? (
        <p className="text-gray-300">Loading...</p>
      ) : changes.isError ? (
        <LoadError text="Error loading the changes." onRetry={() => changes.refetch()} />
      ) : (
        <RevisionChanges changes={changes.data.changes} />
      )}
    </section>
  )
}

/** The version as it was, field by field, before the owner restores it. */
function VersionPreview({ revisionId, when }: { revisionId: number; when: string }) {
  const version = useRevisionVersion(revisionId)
  return (
    <section
      id={`version-${revisionId}`}
      aria-label={`The version before the change of ${when}`}
      className="rounded border border-line bg-ink/60 p-3 text-sm"
    >
      {version.isPending ? (
        <p className="text-gray-300">Loading...</p>
      ) : version.isError ? (
        <LoadError text="Error loading this version." onRetry={() => version.refetch()} />
      ) : (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
          {version.data.fields.map((f) => (
            <div key={f.field} className="contents">
              <dt className="font-semibold text-gray-300">{f.label}</dt>
              <dd className="break-words whitespace-pre-line text-white">{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
