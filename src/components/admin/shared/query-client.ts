import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isUnauthorized, markSessionExpired } from './session.ts'

/**
 * Spec 001 section 9: no automatic retry, no refetch on focus, cached data never stale; lists are
 * invalidated after each mutation instead. A 401 from any call brings the gate back.
 */
export function createAdminQueryClient(): QueryClient {
  const on401 = (error: unknown) => {
    if (isUnauthorized(error)) markSessionExpired()
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: on401 }),
    mutationCache: new MutationCache({ onError: on401 }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  })
}
