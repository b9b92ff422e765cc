/**
 * Who else has an article open (decision 0511, amended by issue 36). The tabs and windows of one
 * browser tell each other over a BroadcastChannel (src/components/admin/news/use-edit-presence.ts)
 * which article they have open, whether it has unsaved changes, and when they saved it; an editor
 * opened on another device is seen by its recent saves. These are the rules, without the channel.
 */

/** What one tab says to the others about an article. */
export type PresenceMessage =
  /** This tab has just opened the article: the others holding it answer 'here'. */
  | { kind: 'opened'; id: number; tab: string }
  | { kind: 'here'; id: number; tab: string; dirty: boolean }
  /** Its unsaved changes came or went. */
  | { kind: 'state'; id: number; tab: string; dirty: boolean }
  /** It saved the article: this is the version it holds now. */
  | { kind: 'saved'; id: number; tab: string; updatedAt: string }
  | { kind: 'closed'; id: number; tab: string }

export interface Presence {
  /** The other tabs with the article open, and whether each has unsaved changes. */
  others: Readonly<Record<string, { dirty: boolean }>>
  /** The newest save another tab made while this one had the article open (its updatedAt). */
  savedElsewhereAt: string | null
}

export const noPresence: Presence = { others: {}, savedElsewhereAt: null }

const isMessage = (value: unknown): value is PresenceMessage => {
  if (typeof value !== 'object' || value === null) return false
  const m = value as Record<string, unknown>
  return (
    typeof m.id === 'number' &&
    typeof m.tab === 'string' &&
    ['opened', 'here', 'state', 'saved', 'closed'].includes(m.kind as string)
  )
}

/**
 * The presence of the others after a message about article `id`, as tab `self` sees it. Messages
 * about another article, from itself, or malformed change nothing.
 */
export function nextPresence(presence: Presence, message: unknown, id: number, self: string): Presence {
  if (!isMessage(message) || message.id !== id || message.tab === self) return presence
  const others = { ...presence.others }
  switch (message.kind) {
    case 'opened':
      others[message.tab] = { dirty: false }
      return { ...presence, others }
    case 'here':
    case 'state':
      others[message.tab] = { dirty: message.dirty }
      return { ...presence, others }
    case 'saved':
      // Saved: it holds no unsaved changes now.
      others[message.tab] = { dirty: false }
      return { others, savedElsewhereAt: message.updatedAt }
    case 'closed':
      delete others[message.tab]
      return { ...presence, others }
  }
}

/** A save this recent, made by no tab of this browser, says the article may be open on another device. */
export const RECENT_EDIT_MS = 10 * 60_000

/**
 * Whether an article just opened was saved recently by something other than this browser's
 * editors: `savedHere` is the last version (updatedAt) an editor of this browser saved, if any.
 */
export function savedRecentlyElsewhere(updatedAt: string, savedHere: string | undefined, now: number): boolean {
  const at = Date.parse(updatedAt)
  if (Number.isNaN(at) || updatedAt === savedHere) return false
  return now - at >= 0 && now - at < RECENT_EDIT_MS
}

/** '2 minutes ago', 'less than a minute ago'. */
export function agoText(updatedAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(updatedAt)) / 60_000)
  if (minutes < 1) return 'less than a minute ago'
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`
}
