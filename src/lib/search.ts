/**
 * Visitor searches (spec 000 section 5): case-insensitive substring matches on given fields.
 * A blank term matches everything.
 */
export function matchesSearch(fields: readonly (string | null | undefined)[], term: string): boolean {
  const needle = term.trim().toLowerCase()
  if (needle === '') return true
  return fields.some((field) => (field ?? '').toLowerCase().includes(needle))
}

export interface AccessorySearchable {
  name: string
  description: string
}

/** Hardware: name and description. */
export const filterAccessories = <T extends AccessorySearchable>(items: readonly T[], term: string): T[] =>
  items.filter((i) => matchesSearch([i.name, i.description], term))

export interface ReviewSearchable {
  title: string
  content: string
  author: string
}

/** Reviews: title, content and author. */
export const filterReviews = <T extends ReviewSearchable>(items: readonly T[], term: string): T[] =>
  items.filter((i) => matchesSearch([i.title, i.content, i.author], term))

/**
 * The LIKE pattern of a news search on the server (case is folded by the database): the term
 * trimmed, its white space folded the way the stored search text folds it, `\`, `%` and `_`
 * escaped so that they match themselves. Null for a blank term (no search).
 */
export function newsSearchPattern(term: string): string | null {
  const folded = term.trim().replace(/\s+/g, ' ')
  if (folded === '') return null
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
