import { useId, useRef, useState } from 'react'
import { confirmAction } from '../shared/confirm.tsx'
import { FailureNotice, type Failure } from '../shared/failure-notice.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { restoredText } from '../../../lib/admin/backup-texts.ts'
import { useDownloadBackup, useRestoreBackup } from './use-backup.ts'

/**
 * System tab: download one archive of all content, settings and images, and restore one
 * (docs/decisions/0610-backup-archive.md). The password and two-factor login are never in it.
 */
export function BackupRestore() {
  const id = useId()
  const download = useDownloadBackup()
  const restore = useRestoreBackup()
  const time = usePanelTime()
  const [file, setFile] = useState<File | null>(null)
  const [replace, setReplace] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  // A refused restore or a failed download explains itself at length: it stays here until dismissed.
  const [failure, setFailure] = useState<Failure | null>(null)
  const failed = (title: string, error: unknown) => {
    if (isUnauthorized(error)) return
    const next = { title, description: failureDetail(error) }
    setFailure(next)
    notify.failure(next.title, next.description)
  }

  const onDownload = () => {
    if (download.isPending) return
    setFailure(null)
    download.mutate(undefined, {
      onSuccess: (fileName) => notify.success('Backup Downloaded', `Saved as ${fileName}.`),
      onError: (error) => failed('Download Failed', error),
    })
  }

  const onRestore = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!file || restore.isPending) return
    const ok = await confirmAction({
      title: 'Restore Backup?',
      description: replace
        ? `All current content, settings and images of this site are replaced by the backup in ${file.name}. This cannot be undone.`
        : `The backup in ${file.name} is restored into this site. A site that already has content is left as it is.`,
      action: 'Restore',
    })
    if (!ok) return
    setFailure(null)
    restore.mutate(
      { file, replace },
      {
        onSuccess: (summary) => {
          setFile(null)
          setReplace(false)
          if (fileInput.current) fileInput.current.value = ''
          notify.success('Backup Restored', restoredText(summary, time))
        },
        onError: (error) => failed('Restore Failed', error),
      },
    )
  }

  const progress = restore.progress
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-xl rounded-xl border border-line bg-panel p-5">
      <h3 id={`${id}-title`} className="mb-2 text-lg font-bold text-white">
        Backup and Restore
      </h3>
      <p className="mb-4 text-gray-300">
        One file with all content, settings and images. Your password and two-factor login are not in it and stay as
        they are after a restore.
      </p>
      <button
        type="button"
        className="btn-primary"
        onClick={onDownload}
        disabled={download.isPending}
        aria-busy={download.isPending}
      >
        {!download.isPending
          ? 'Download Backup'
          : download.percent
            ? `Downloading... ${download.percent}%`
            : 'Preparing Backup...'}
      </button>

      <form onSubmit={(e) => void onRestore(e)} className="mt-6 flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold text-gray-200">
            Backup file
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".gz,application/gzip"
            className="field"
            disabled={restore.isPending}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <label className="flex items-center gap-2 text-gray-200">
          <input
            type="checkbox"
            checked={replace}
            disabled={restore.isPending}
            onChange={(e) => setReplace(e.target.checked)}
          />
          Replace all current content
        </label>
        {/* Kept in place while idle, so nothing below moves when a restore starts. */}
        <div className="flex min-h-6 items-center gap-3" aria-live="polite">
          {progress && (
            <>
              <progress max={100} value={progress.percent} aria-label="Restore progress" className="w-40">
                {progress.percent}%
              </progress>
              <span className="text-sm text-gray-300">
                {progress.stage === 'uploading' ? `Uploading... ${progress.percent}%` : 'Restoring...'}
              </span>
            </>
          )}
        </div>
        <div>
          <button
            type="submit"
            className="btn-primary"
            disabled={!file || restore.isPending}
            aria-busy={restore.isPending}
          >
            {restore.isPending ? 'Restoring...' : 'Restore Backup'}
          </button>
        </div>
      </form>
      {failure && (
        <div className="mt-4">
          <FailureNotice failure={failure} onDismiss={() => setFailure(null)} />
        </div>
      )}
    </section>
  )
}
