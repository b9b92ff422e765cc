/**
 * The latest a `client:idle` island waits before it hydrates, in milliseconds. Astro hydrates such
 * an island in `requestIdleCallback`, which a busy main thread (a slow phone loading images, a
 * loaded machine) can put off indefinitely, leaving the list's controls disabled and its fresh
 * data unread (decision 0111): the browser tests saw an island still unhydrated after 10 s. With
 * a timeout it hydrates at the first idle moment, or at this time at the latest.
 */
export const IDLE_HYDRATION_MS = 1500
