/**
 * What a list island shows (decision 0704, superseding 0103): the items of the page it is on. Pages
 * are rendered on demand and purged at the CDN by every write that changes what they show, so these
 * items are fresh by construction: the island reads nothing on load. `undefined` items mean the page
 * could not read them (the database away: the page answers 503): the screen's error panel of spec
 * 000 section 8.
 */
export type ListState<T> = { status: 'error' } | { status: 'ready'; items: T[] }

export function pageList<T>(items: T[] | undefined): ListState<T> {
  return items ? { status: 'ready', items } : { status: 'error' }
}

/** Whether a re-read brought the same items as the page already shows (then nothing re-renders). */
export const sameItems = <T>(shown: T[], fresh: T[]): boolean => JSON.stringify(shown) === JSON.stringify(fresh)

/** A stable empty list for the states without items (keeps memoised filters stable). */
export const NO_ITEMS: never[] = []
