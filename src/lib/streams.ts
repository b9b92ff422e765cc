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
export const viewersLabel = (count: number): string => `${count.toLocaleString('en-US')} viewers`
