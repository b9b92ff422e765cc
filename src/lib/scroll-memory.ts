/** The news list remembers where the visitor was before opening an article (spec 000 section 2). */
export const NEWS_SCROLL_KEY = 'news-scroll-position'
export const SCROLL_RESTORE_DELAY_MS = 100

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
