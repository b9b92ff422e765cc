import { diffWordsWithSpace } from 'diff'
import { longDateTime } from './dates.ts'
import { htmlToText } from './excerpt.ts'
import { changedFields, fieldLabel } from './revisions.ts'

/**
 * What a change did, field by field, as the History shows it (issue 25): short text and values as
 * old -> new, long text as a word diff with a little context, standings by row. Pure, shared by the
 * revisions API (which sends it, one version at a time) and its tests. Bounded in time and size
 * (issue 31, docs/decisions/0625): a comparison gives up after DIFF_TIME_MS or MAX_EDIT changed
 * words, and a field shows at most SHOWN_CHARS characters.
 */
export type Snapshot = Record<string, unknown>

export interface DiffPart {
  kind: 'same' | 'removed' | 'added'
  text: string
}

export interface RowChange {
  kind: 'added' | 'removed' | 'changed'
  before?: string
  after?: string
}

export type FieldChange =
  /**
   * Text: the old text is the same and removed parts, the new one the same and added parts.
   * `compared` is false when the texts were too long or too different to compare word by word in
   * time: the parts are then the old text removed and the new one added. `cut` says the parts stop
   * after SHOWN_CHARS characters.
   */
  | {
      field: string
      label: string
      kind: 'text'
      long: boolean
      markupOnly: boolean
      compared: boolean
      cut: boolean
      parts: DiffPart[]
    }
  | { field: string; label: string; kind: 'value'; before: string; after: string }
  | { field: string; label: string; kind: 'rows'; rows: RowChange[] }

/** Text longer than this (or with markup) is shown as a diff in context, not whole. */
export const LONG_TEXT = 120
/** Words of unchanged text kept around each change of a long text. */
export const CONTEXT_WORDS = 8
/** Beyond this many changed words, a diff is not worth reading: old and new are shown as replaced. */
export const MAX_EDIT = 4000
/**
 * The longest one version's comparisons may hold the server's thread (all its fields together):
 * jsdiff's own `timeout`. A copy edit of a whole 200 KB article takes over a second to compare.
 */
export const DIFF_TIME_MS = 100
/** Each text field gets at least this long, however long the fields before it took. */
const FIELD_TIME_MS = 10
/** Characters of text a field's change shows; a longer one is cut there, and says so. */
export const SHOWN_CHARS = 10_000

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/
const hasMarkup = (text: string) => /<[a-z!/][^>]*>/i.test(text)

/** How the History writes an instant: the site's zone (src/lib/panel-time.ts `long`), UTC by default. */
export type InstantText = (iso: string) => string

/** A value as the History writes it: dates in words, lists joined, nothing as '(none)'. */
export function displayValue(value: unknown, instant: InstantText = longDateTime): string {
  if (value === null || value === undefined || value === '') return '(none)'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string') return isoInstant.test(value) ? instant(value) : value
  if (Array.isArray(value)) return value.length ? value.map((v) => displayValue(v, instant)).join(', ') : '(none)'
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

const words = (text: string) => text.split(/\s+/).filter(Boolean)

/** A long run of unchanged text cut to the words next to the changes before and after it. */
function trimmed(text: string, first: boolean, last: boolean): string {
  const all = words(text)
  const k = CONTEXT_WORDS
  const head = all.slice(0, k).join(' ')
  const foot = all.slice(-k).join(' ')
  const lead = /^\s/.test(text) ? ' ' : ''
  const tail = /\s$/.test(text) ? ' ' : ''
  if (first && last) return all.length > 2 * k ? `${head} …` : text
  if (first) return all.length > k ? `… ${foot}${tail}` : text
  if (last) return all.length > k ? `${lead}${head} …` : text
  return all.length > 2 * k ? `${lead}${head} … ${foot}${tail}` : text
}

/**
 * A word diff of two texts; a long one keeps only some context around the changes. Undefined when
 * the texts differ by more than MAX_EDIT words, or could not be compared within `timeout` ms.
 */
export function wordDiff(before: string, after: string, long = false, timeout = DIFF_TIME_MS): DiffPart[] | undefined {
  // White space is a token of its own: the old text is exactly the same and removed parts, the new one the same and added.
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT, timeout })
  if (!changes) return undefined
  const parts: DiffPart[] = changes.map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }))
  const kept = parts.filter((p) => p.text !== '')
  if (!long) return kept
  return kept.map((p, i) => (p.kind === 'same' ? { ...p, text: trimmed(p.text, i === 0, i === kept.length - 1) } : p))
}

/** A text cut to at most `limit` characters, at a word's end when there is one near. */
function cutText(text: string, limit: number): string {
  const head = text.slice(0, limit)
  const space = head.search(/\s\S*$/)
  return `${space > limit / 2 ? head.slice(0, space) : head} …`
}

/** Parts up to `limit` characters of text in all: the one that crosses it is cut, the rest dropped. */
export function cappedParts(parts: DiffPart[], limit = SHOWN_CHARS): { parts: DiffPart[]; cut: boolean } {
  const kept: DiffPart[] = []
  let left = limit
  for (const part of parts) {
    if (part.text.length <= left) {
      kept.push(part)
      left -= part.text.length
      continue
    }
    if (left > 0) kept.push({ ...part, text: cutText(part.text, left) })
    return { parts: kept, cut: true }
  }
  return { parts: kept, cut: false }
}

/**
 * Two texts compared word by word within `timeout` ms and cut to SHOWN_CHARS; when they cannot be
 * compared, the old text removed and the new one added, each cut to half of it.
 */
function textChange(before: string, after: string, long: boolean, timeout: number) {
  const parts = wordDiff(before, after, long, timeout)
  if (parts) return { compared: true, ...cappedParts(parts) }
  const half = SHOWN_CHARS / 2
  const removed = cappedParts(before ? [{ kind: 'removed', text: before }] : [], half)
  const added = cappedParts(after ? [{ kind: 'added', text: after }] : [], half)
  return { compared: false, cut: removed.cut || added.cut, parts: [...removed.parts, ...added.parts] }
}

interface StandingsRow {
  position?: unknown
  driverName?: unknown
  team?: unknown
  points?: unknown
}

const rowText = (r: StandingsRow) =>
  `${String(r.position ?? '?')}. ${String(r.driverName ?? '')}${r.team ? ` (${String(r.team)})` : ''}: ${String(r.points ?? 0)} pts`

/** Standings compared row by row (a row is its place in the table). */
export function rowChanges(before: unknown, after: unknown): RowChange[] {
  const a = Array.isArray(before) ? (before as StandingsRow[]) : []
  const b = Array.isArray(after) ? (after as StandingsRow[]) : []
  const changes: RowChange[] = []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const was = a[i] ? rowText(a[i]!) : undefined
    const is = b[i] ? rowText(b[i]!) : undefined
    if (was === is) continue
    if (was === undefined) changes.push({ kind: 'added', after: is })
    else if (is === undefined) changes.push({ kind: 'removed', before: was })
    else changes.push({ kind: 'changed', before: was, after: is })
  }
  return changes
}

/** One field's change between two versions of a record; text compared within `timeout` ms. */
export function fieldChange(
  field: string,
  before: unknown,
  after: unknown,
  timeout = DIFF_TIME_MS,
  instant: InstantText = longDateTime,
): FieldChange {
  const label = fieldLabel(field)
  if (field === 'standings') return { field, label, kind: 'rows', rows: rowChanges(before, after) }
  const isText = (v: unknown) => typeof v === 'string' && !isoInstant.test(v)
  if ((isText(before) || before == null) && (isText(after) || after == null) && (before || after)) {
    const was = String(before ?? '')
    const is = String(after ?? '')
    const markup = hasMarkup(was) || hasMarkup(is)
    const long = markup || was.length > LONG_TEXT || is.length > LONG_TEXT
    if (markup) {
      const [textBefore, textAfter] = [htmlToText(was), htmlToText(is)]
      return {
        field,
        label,
        kind: 'text',
        long,
        markupOnly: textBefore === textAfter,
        ...textChange(textBefore, textAfter, true, timeout),
      }
    }
    return { field, label, kind: 'text', long, markupOnly: false, ...textChange(was, is, long, timeout) }
  }
  return { field, label, kind: 'value', before: displayValue(before, instant), after: displayValue(after, instant) }
}

/**
 * What a change did: each content field that differs between the version kept and the one after it.
 * Its text fields share DIFF_TIME_MS, each with at least FIELD_TIME_MS.
 */
export function describeChange(
  before: Snapshot,
  after: Snapshot,
  fields = changedFields(before, after),
  instant: InstantText = longDateTime,
): FieldChange[] {
  const until = Date.now() + DIFF_TIME_MS
  return fields.map((field) =>
    fieldChange(field, before[field], after[field], Math.max(FIELD_TIME_MS, until - Date.now()), instant),
  )
}

export interface PreviewField {
  field: string
  label: string
  value: string
}

/** Not shown in a version's preview: ids, bookkeeping, and what only the site itself reads. */
const hiddenInPreview = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'displayOrder',
  'searchText',
  'refreshedAt',
  'storeFields',
  'storeValues',
])

/**
 * A version as the History previews it before a restore: every field in words, text of markup, in
 * the record's own field order (`order`; a stored snapshot is JSONB, which keeps its keys sorted by
 * length, so its own order is no order).
 */
export function previewVersion(
  snapshot: Snapshot,
  order: readonly string[] = [],
  instant: InstantText = longDateTime,
): PreviewField[] {
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length)
  return Object.entries(snapshot)
    .filter(([field]) => !hiddenInPreview.has(field))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, value]) => ({
      field,
      label: fieldLabel(field),
      value:
        field === 'standings' && Array.isArray(value)
          ? (value as StandingsRow[]).map(rowText).join('\n') || '(none)'
          : typeof value === 'string' && hasMarkup(value)
            ? htmlToText(value)
            : displayValue(value, instant),
    }))
}
