/** The news list remembers where the visitor was before opening an article (spec 000 section 2). */
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
