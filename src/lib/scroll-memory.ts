/**
 * What the news list remembers for a visitor in the tab's session storage: where they were before
 * opening an article (spec 000 section 2), and how they spelled their search.
 */
export const NEWS_SCROLL_KEY = 'news-scroll-position'
export const SCROLL_RESTORE_DELAY_MS = 100
/** How many cards the list showed, so that the saved position exists again on return. */
export const NEWS_SHOWN_KEY = 'news-cards-shown'

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

export function saveScrollPosition(storage: Storage, y: number): void {
  storage.setItem(NEWS_SCROLL_KEY, String(Math.max(0, Math.round(y))))
}

/** The saved position, removed once read (a later visit starts at the top); null when none. */
export function takeScrollPosition(storage: Storage): number | null {
  const saved = storage.getItem(NEWS_SCROLL_KEY)
  if (saved === null) return null
  storage.removeItem(NEWS_SCROLL_KEY)
  const y = Number(saved)
  return Number.isFinite(y) && y >= 0 ? y : null
}

/** Remembers how many cards were on the page with the scroll position. */
export function saveShownCount(storage: Storage, count: number): void {
  storage.setItem(NEWS_SHOWN_KEY, String(Math.max(0, Math.floor(count))))
}

/** The remembered card count (removed once read), or null when none or not a count. */
export function takeShownCount(storage: Storage): number | null {
  const saved = storage.getItem(NEWS_SHOWN_KEY)
  if (saved === null) return null
  storage.removeItem(NEWS_SHOWN_KEY)
  const count = Number(saved)
  return Number.isInteger(count) && count > 0 ? count : null
}

/** The header search's term as the visitor typed it (issue 44), for the news list's box. */
export const NEWS_SEARCH_SPELLING_KEY = 'news-search-spelling'

/** Remembers the term the visitor is about to search for, as typed. */
export function saveSearchSpelling(storage: Storage, typed: string): void {
  storage.setItem(NEWS_SEARCH_SPELLING_KEY, typed.trim())
}

/**
 * The visitor's own spelling of the search the page's address holds (removed once read), or null:
 * the address keeps one case-folded spelling for the CDN's one copy (decision 0704), so 'iRacing'
 * arrives as `?search=iracing`, and the box shows 'iRacing' again. A spelling of another search
 * (the visitor came by a link, or typed again) is not used.
 */
export function takeSearchSpelling(storage: Storage, addressed: string, fold: (term: string) => string): string | null {
  const typed = storage.getItem(NEWS_SEARCH_SPELLING_KEY)
  if (typed === null) return null
  storage.removeItem(NEWS_SEARCH_SPELLING_KEY)
  return addressed !== '' && fold(typed) === addressed ? typed.replace(/\s+/g, ' ') : null
}
