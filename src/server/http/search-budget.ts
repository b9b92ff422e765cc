/**
 * Each distinct search is a render (a miss at the CDN, which keys pages and API answers on the
 * query): a visitor typing a search costs a few, a script sending unique searches would cost one
 * each. So an address may have SEARCHES_PER_MINUTE searches answered a minute; past that the page
 * and the API answer 429 with Retry-After instead of rendering (decision 0704).
 *
 * Kept in the memory of each function instance, not in the database: a search must not cost a
 * write, and a flood is bounded per instance (Netlify sends a client's requests to few instances).
 * At most MAX_ADDRESSES are remembered; the oldest is forgotten first.
 */
export const SEARCHES_PER_MINUTE = 30
const WINDOW_MS = 60_000
const MAX_ADDRESSES = 10_000

export const tooManySearchesMessage = 'Too many searches. Please wait a minute and try again.'

export interface SearchBudget {
  /** Takes one search for `address`: 0 when it may render now, else the seconds until it may. */
  take(address: string): number
}

export function searchBudget(now: () => number = Date.now): SearchBudget {
  const recent = new Map<string, number[]>()
  return {
    take(address) {
      const at = now()
      const times = (recent.get(address) ?? []).filter((t) => at - t < WINDOW_MS)
      recent.delete(address)
      if (times.length >= SEARCHES_PER_MINUTE) {
        recent.set(address, times)
        return Math.max(1, Math.ceil((times[0]! + WINDOW_MS - at) / 1000))
      }
      times.push(at)
      recent.set(address, times)
      // Least recently seen first (a Map keeps its insertion order).
      for (const oldest of recent.keys()) {
        if (recent.size <= MAX_ADDRESSES) break
        recent.delete(oldest)
      }
      return 0
    },
  }
}

/** The budget of this function instance, shared by the news page and the news API. */
export const newsSearches = searchBudget()
