import type { StandingsCandidate } from './standings-rules.ts'

/** A stored driver row; `editedAt` is set when the owner edited it by hand (issue 17). */
export interface StoredStandingsRow extends StandingsCandidate {
  editedAt: Date | null
}

const driverKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * A fresh AI table merged with the owner's hand edits, in table order: an edited row replaces the
 * AI's row of the same driver (by name, ignoring case and spacing), else the AI's row at its own
 * position (a corrected name); it keeps the owner's name, team and points and takes the table's
 * position. An edited row that matches nothing (the table got shorter) is kept at the end, so an
 * owner's edit is never dropped silently. Every other row is the AI's, unmarked.
 */
export function mergeOwnerEdits(
  fresh: readonly StandingsCandidate[],
  stored: readonly StoredStandingsRow[],
): StoredStandingsRow[] {
  const merged: StoredStandingsRow[] = [...fresh]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ ...row, editedAt: null }))
  const taken = new Set<number>()
  const leftOver: StoredStandingsRow[] = []
  for (const edit of stored.filter((r) => r.editedAt !== null)) {
    let at = merged.findIndex((row, i) => !taken.has(i) && driverKey(row.driverName) === driverKey(edit.driverName))
    if (at < 0) at = merged.findIndex((row, i) => !taken.has(i) && row.position === edit.position)
    if (at < 0) {
      leftOver.push(edit)
      continue
    }
    taken.add(at)
    merged[at] = { ...edit, position: merged[at]!.position }
  }
  const last = Math.max(0, ...merged.map((r) => r.position))
  return [...merged, ...leftOver.map((edit, i) => ({ ...edit, position: last + i + 1 }))]
}
