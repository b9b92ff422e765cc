import { useEffect, useState } from 'react'
import type { ClientResponse } from 'hono/client'
import { unwrap } from '../../lib/api-client.ts'

export type ListState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[] }

interface Options<Raw, T> {
  /** From the API's JSON to the island's items. */
  map?: (raw: Raw) => T
  /**
   * 'panel': a failed re-read shows the screen's error panel (the list screens of spec 000 section 8).
   * 'keep': it is not shown, the build-time items stay (home sections, streams: "failures of other
   * calls are not shown").
   */
  onError?: 'panel' | 'keep'
}

/**
 * A list island's data: the build-time items at once, then one re-read of its endpoint when the
 * island hydrates (fresh between builds). No polling, no refetch on focus, no retry (spec 000
 * section 7). Without build-time items the island starts in its loading state.
 */
export function useFreshList<Raw, T = Raw>(
  read: () => Promise<ClientResponse<Raw[], number, 'json'>>,
  initial: T[],
  options: Options<Raw, T> = {},
): ListState<T> {
  const [state, setState] = useState<ListState<T>>(() =>
    initial.length > 0 ? { status: 'ready', items: initial } : { status: 'loading' },
  )
  const { map, onError = 'panel' } = options

  useEffect(() => {
    let current = true
    unwrap(read())
      .then((data) => {
        if (!Array.isArray(data)) throw new Error('The answer is not a list.')
        const items = map ? data.map(map) : (data as unknown as T[])
        if (!current) return
        // Usually nothing changed since the build: keep the state, and React renders nothing again.
        setState((previous) => (previous.status === 'ready' && sameItems(previous.items, items) ? previous : { status: 'ready', items }))
      })
      .catch((error: unknown) => {
        if (!current) return
        if (onError === 'keep') setState((previous) => (previous.status === 'ready' ? previous : { status: 'ready', items: initial }))
        else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) })
      })
    return () => {
      current = false
    }
    // Read once per mount: the endpoint and mapping of an island never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return state
}

/** Whether a re-read brought the same items as the page already shows (then nothing re-renders). */
export const sameItems = <T>(shown: T[], fresh: T[]): boolean => JSON.stringify(shown) === JSON.stringify(fresh)

/** A stable empty list for the states without items (keeps memoised filters stable). */
export const NO_ITEMS: never[] = []
