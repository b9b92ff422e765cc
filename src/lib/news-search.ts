/**
 * The news search's ranking, passages and suggestions (issue 44, docs/decisions/0872). What matches
 * is the spec's rule and stays the database's (a case-insensitive substring of title, excerpt or
 * content: src/lib/search.ts); this module says how the matches are ordered, what a card shows of
 * where the term was found, and what is offered when nothing matches.
 */
import { SLUG_FROM, SLUG_TO } from './news-address.ts'

/** The two orders of a search's results: relevance (the default) or the newest first. */
export const NEWS_ORDERS = ['relevant', 'newest'] as const
export type NewsOrder = (typeof NEWS_ORDERS)[number]

/** The search term as the database compares it: trimmed, white space folded, lower case. */
export const searchTerm = (term: string): string => term.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * A PostgreSQL regular expression that finds `term` as a whole word (or words) in lower-case text:
 * not inside a longer word ('gt3' in 'gt3 cup', not in 'gt300'). Every character of the term that
 * a regular expression reads as an operator is escaped.
 */
export function wholeWordPattern(term: string): string {
  const escaped = searchTerm(term).replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`)
  return `(^|[^[:alnum:]_])${escaped}($|[^[:alnum:]_])`
}

/**
 * Where a search's term is first found: the title (0), else the excerpt (1), else the text (2).
 * The relevance order's six tiers (decision 0872) are the places, each a whole word first (tier
 * `2 * place`), then a part of a longer word (the next); the newest first within a tier.
 */
export type SearchPlace = 0 | 1 | 2

/** The matches among the newest articles, read first (decision 0872). */
export interface RecentMatches {
  /** Each match with its tier (0-5), in relevance order. */
  rows: readonly { id: number; tier: number }[]
  /** The newest articles read were the whole list: `rows` are every match. */
  whole: boolean
}

/**
 * Reads one place's matches in full, in relevance order (whole words first, then the newest): at
 * most `take` of them, so fewer means that was all.
 */
export type PlaceReader = (place: SearchPlace, take: number) => Promise<number[]>

/**
 * The ids of one page of a search in relevance order, reading as little as it can. The matches
 * among the newest articles come first: when they are the whole list, they are the answer; when
 * the newest articles hold enough whole-word matches of a place, those are that place's first
 * (a whole word outranks a part, and nothing older can come before them). Otherwise the place is
 * read whole through its own index (`readPlace`), title, then excerpt, then text, until the page
 * is full. A term in every article is answered from the newest; a rare one from the indexes.
 */
export async function relevantPageIds(
  offset: number,
  limit: number,
  recent: RecentMatches,
  readPlace: PlaceReader,
): Promise<number[]> {
  const end = offset + limit
  if (recent.whole) return recent.rows.slice(offset, end).map((r) => r.id)
  const ids: number[] = []
  for (const place of [0, 1, 2] as const) {
    const wanted = end - ids.length
    const recentWhole = recent.rows.filter((r) => r.tier === place * 2).map((r) => r.id)
    ids.push(...(recentWhole.length >= wanted ? recentWhole.slice(0, wanted) : await readPlace(place, wanted)))
    if (ids.length >= end) break
  }
  return ids.slice(offset, end)
}

/** Where a term was found in a text: the words around it and the term as the text spells it. */
export interface Passage {
  before: string
  match: string
  after: string
}

/**
 * The passage of `text` around the first place `term` is found (case ignored): about `radius`
 * characters each side, cut at a word, with '…' where the text goes on. Null when the text does
 * not hold the term.
 */
export function passageOf(text: string, term: string, radius = 80): Passage | null {
  const flat = text.replace(/\s+/g, ' ').trim()
  const needle = searchTerm(term)
  if (!needle) return null
  const at = flat.toLowerCase().indexOf(needle)
  if (at === -1) return null
  let start = Math.max(0, at - radius)
  let end = Math.min(flat.length, at + needle.length + radius)
  // Whole words: move the cuts to the next space inwards (unless that would reach the term).
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    if (space !== -1 && space < at) start = space + 1
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end)
    if (space > at + needle.length) end = space
  }
  return {
    before: `${start > 0 ? '…' : ''}${flat.slice(start, at)}`,
    match: flat.slice(at, at + needle.length),
    after: `${flat.slice(at + needle.length, end)}${end < flat.length ? '…' : ''}`,
  }
}

/** The parts of `text` with every place `term` is found marked (case ignored), for a title. */
export function markedParts(text: string, term: string): { text: string; mark: boolean }[] {
  const needle = searchTerm(term)
  if (!needle) return [{ text, mark: false }]
  const parts: { text: string; mark: boolean }[] = []
  const lower = text.toLowerCase()
  let from = 0
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), mark: false })
    parts.push({ text: text.slice(at, at + needle.length), mark: true })
    from = at + needle.length
  }
  if (from < text.length) parts.push({ text: text.slice(from), mark: false })
  return parts
}

const FOLD = new Map([...SLUG_FROM].map((c, i) => [c, SLUG_TO[i]!]))

/** A word as suggestions compare it: lower case, Latin letters without their marks ('Nürburgring' is 'nurburgring'). */
export const foldWord = (word: string): string =>
  [...word.toLowerCase()]
    .map((c) => FOLD.get(c) ?? c)
    .join('')
    .replace(/ß/g, 'ss')

/** The words of a text, as a search would type them (letters and digits, inner hyphens and apostrophes kept). */
export const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []

/** Levenshtein distance with adjacent swaps counted as one edit (a typo's usual shape), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      row.push(d)
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/** How many edits a word of this length may be away from the site's word to be offered: 1 up to 5 letters, then 2. */
const allowedEdits = (length: number) => (length <= 2 ? 0 : length <= 5 ? 1 : 2)

/**
 * 'Did you mean': the search with each word the site does not know replaced by the site's word
 * closest to it (accents folded first: 'Nurburgring' is the site's 'Nürburgring'; then at most one
 * or two typing errors: 'fanatc' is 'Fanatec'), spelled as the site spells it. `vocabulary` is the
 * site's words (titles, categories, tracks, drivers). Null when no word can be replaced.
 */
export function suggestion(term: string, vocabulary: Iterable<string>): string | null {
  const known = new Map<string, string>()
  for (const word of vocabulary) {
    const folded = foldWord(word)
    // The first spelling met wins; a spelling with capitals (a title's) over a lower-case one.
    const had = known.get(folded)
    if (had === undefined || (had === had.toLowerCase() && word !== word.toLowerCase())) known.set(folded, word)
  }
  const exact = new Set([...known.values()].map((w) => w.toLowerCase()))
  let changed = false
  const words = wordsOf(term).map((word) => {
    if (exact.has(word.toLowerCase())) return word
    const folded = foldWord(word)
    let best: { word: string; distance: number } | undefined
    for (const [candidateFolded, spelled] of known) {
      const distance =
        candidateFolded === folded ? 0 : editDistance(folded, candidateFolded, allowedEdits(folded.length))
      if (distance <= allowedEdits(folded.length) && (!best || distance < best.distance))
        best = { word: spelled, distance }
    }
    if (!best) return word
    changed = true
    return best.word
  })
  return changed ? words.join(' ') : null
}
