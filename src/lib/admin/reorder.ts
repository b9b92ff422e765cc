/** Moves one item from `from` to `to` (both indexes in the list), as a drop does. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice()
  const [item] = next.splice(from, 1)
  if (item === undefined) return list.slice()
  next.splice(to, 0, item)
  return next
}

/** The reorder call's body: every id with its 1-based displayOrder (spec 001 section 7). */
export const reorderUpdates = (ids: readonly number[]) => ids.map((id, i) => ({ id, displayOrder: i + 1 }))
