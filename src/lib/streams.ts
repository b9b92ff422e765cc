/** Stream rules of spec 000 (sections 2, 5 and 9). */
export const MAX_STREAM_TAGS = 3
export const HOME_STREAMS = 6

/** At most 3 tags are shown. */
export const visibleTags = (tags: readonly string[] | null | undefined): string[] =>
  (tags ?? []).slice(0, MAX_STREAM_TAGS)

/** The home page shows the first 6 streams and 'View All Streams' only when more exist. */
export const homeStreams = <T>(streams: readonly T[]): { shown: T[]; showViewAll: boolean } => ({
  shown: streams.slice(0, HOME_STREAMS),
  showViewAll: streams.length > HOME_STREAMS,
})

/** The Watch Stream button is disabled without a stream URL. */
export const canWatch = (streamUrl: string | null | undefined): streamUrl is string =>
  typeof streamUrl === 'string' && streamUrl.trim() !== ''

/** '{viewerCount} viewers', with thousands separators. */
export const viewersLabel = (count: number): string => `${thousands(count)} viewers`

/**
 * '12,400': en-US grouping of a whole number, without Intl (its first formatter loads locale
 * data, a long task in the middle of hydration on a slow phone). Held to Intl by a property test.
 */
const thousands = (count: number): string => {
  const whole = Math.round(count)
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',')
  return whole < 0 ? `-${digits}` : digits
}
