import { clockTime } from '../../../lib/time-zone.ts'

export type AutosaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed' }

/** What the autosave of a draft has done: 'Saving...', 'Saved at 10:42' (the site's time zone). */
export function SaveStatus({ state, zone, dirty }: { state: AutosaveState; zone: string; dirty: boolean }) {
  const text =
    state.kind === 'saving'
      ? 'Saving...'
      : state.kind === 'failed'
        ? 'Not saved: the draft could not be saved. Try Save as Draft.'
        : state.kind === 'saved' && !dirty
          ? `Saved at ${clockTime(state.at, zone)}`
          : dirty
            ? 'Unsaved changes: saved by itself after a few seconds.'
            : 'Drafts save by themselves as you type.'
  return (
    <p role="status" className="text-sm text-gray-300">
      {text}
    </p>
  )
}

/**
 * Another tab (or window) saved the article after this form read it: the save was refused (409).
 * The owner reloads the article (losing this form's changes) or overwrites with this form.
 */
export function SaveConflict({
  message,
  busy,
  onReload,
  onOverwrite,
}: {
  message: string
  busy: boolean
  onReload: () => void
  onOverwrite: () => void
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-400 bg-amber-950/40 p-4 md:col-span-2"
    >
      <p className="font-semibold text-amber-100">Changed elsewhere</p>
      <p className="text-sm text-amber-100">{message}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" disabled={busy} onClick={onReload}>
          Reload article
        </button>
        <button type="button" className="btn-primary" disabled={busy} onClick={onOverwrite}>
          Overwrite with mine
        </button>
      </div>
    </div>
  )
}
