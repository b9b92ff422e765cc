import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates the server's HTML, true once the island is live. Controls of an island
 * are disabled until then (decision 0111): a click or key before hydration would otherwise be lost.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
