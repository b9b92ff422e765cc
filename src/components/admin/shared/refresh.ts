import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Reads these queries again after a write. A fetch still in flight started before the write, and
 * TanStack Query hands its answer back to an invalidation instead of fetching again when the query
 * has no data yet (its first load): an item added while the list was loading never showed. So
 * every fetch in flight is cancelled first, then the queries are invalidated and refetched.
 */
export async function refresh(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })))
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })))
}
