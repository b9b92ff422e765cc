import type { ReactNode } from 'react'
import { agoText } from '../../../lib/admin/edit-presence.ts'
import type { Presence } from '../../../lib/admin/edit-presence.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'

export type AutosaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed' }

/**
 * What the autosave of a draft has done: 'Saving...', 'Saved at 10:42' (the site's time zone). A
 * save refused because the article changed elsewhere says so, as the warning beside it does.
 */
export function SaveStatus({
  state,
  time,
  dirty,
  published,
  conflict,
}: {
  state: AutosaveState
  time: PanelTime
  dirty: boolean
  /** A published article saves only when the owner clicks Update Article (decision 0511). */
  published: boolean
  conflict: boolean
}) {
  const text = conflict
    ? 'Not saved: the article was changed elsewhere. Reload it or overwrite it with yours.'
    : published
      ? dirty
        ? 'Unsaved changes: the site shows them once you click Update Article.'
        : 'Published: changes go on the site when you click Update Article.'
      : state.kind === 'saving'
        ? 'Saving...'
        : state.kind === 'failed'
          ? 'Not saved: the draft could not be saved. Try Save as Draft.'
          : state.kind === 'saved' && !dirty
            ? `Saved at ${time.clock(state.at)}`
            : dirty
              ? 'Unsaved changes: saved by itself after a few seconds.'
              : 'Drafts save by themselves as you type.'
  return (
    <p role="status" className={`text-sm ${conflict ? 'font-semibold text-amber-100' : 'text-gray-300'}`}>
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
    <div role="alert" className="flex flex-col gap-2 rounded-lg border border-amber-400 bg-amber-950 p-3">
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

const notice = (text: string, action?: ReactNode) => (
  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-sky-700 bg-sky-950 p-3 text-sm text-sky-50">
    <p className="min-w-0 flex-1">{text}</p>
    {action}
  </div>
)

/**
 * What the owner should know before typing into an article open elsewhere (issue 36): another tab
 * of this browser has it open (with unsaved changes or not), another tab saved it meanwhile, or it
 * was saved a few minutes ago by something other than this browser (another device, perhaps).
 */
export function PresenceNotices({
  presence,
  base,
  savedElsewhere,
  time,
  onReload,
}: {
  presence: Presence
  /** The version this form holds (updatedAt); null: no notice of another tab's save. */
  base: string | null
  /** Set when the article, as opened, had been saved recently by no editor of this browser. */
  savedElsewhere: string | null
  time: PanelTime
  onReload: () => void
}) {
  const others = Object.values(presence.others)
  const newer =
    presence.savedElsewhereAt !== null &&
    base !== null &&
    Date.parse(presence.savedElsewhereAt) > Date.parse(base) &&
    presence.savedElsewhereAt
  return (
    <div role="status" className="flex flex-col gap-2 empty:hidden">
      {newer
        ? notice(
            `Another tab saved this article at ${time.dateTime(newer)}. Reload it to go on from that version; saving here asks you first.`,
            <button type="button" className="btn-outline" onClick={onReload}>
              Reload article
            </button>,
          )
        : others.length > 0
          ? notice(
              others.some((o) => o.dirty)
                ? 'This article is open in another tab of this browser, with unsaved changes. Finish there first: the later of two saves is refused and asks you to choose.'
                : 'This article is open in another tab of this browser too. The later of two saves is refused and asks you to choose.',
            )
          : savedElsewhere &&
            notice(
              `This article was saved ${agoText(savedElsewhere, Date.now())} (${time.dateTime(savedElsewhere)}), not from this browser: it may be open in another window or on another device. The later of two saves is refused and asks you to choose.`,
            )}
    </div>
  )
}
