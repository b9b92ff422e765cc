import { z } from 'zod'
import type { ChannelStatus } from './twitch.ts'
import type { ExternalConfig } from './config.ts'
import { ExternalError, fetchJson } from './http.ts'

const thumbnail = z.object({ url: z.string() })
const snippet = z.object({
  title: z.string(),
  channelTitle: z.string().optional(),
  liveBroadcastContent: z.string().optional(),
  thumbnails: z
    .object({ default: thumbnail, medium: thumbnail, high: thumbnail, standard: thumbnail, maxres: thumbnail })
    .partial()
    .optional(),
})

const videosAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      snippet,
      liveStreamingDetails: z
        .object({
          actualStartTime: z.iso.datetime().optional(),
          actualEndTime: z.iso.datetime().optional(),
          // The API sends the viewer count as a string of digits.
          concurrentViewers: z.string().regex(/^\d+$/).optional(),
        })
        .optional(),
    }),
  ),
})

const searchAnswer = z.object({ items: z.array(z.object({ id: z.object({ videoId: z.string().optional() }) })) })
const channelsAnswer = z.object({ items: z.array(z.object({ id: z.string() })).optional() })

function url({ youtube }: ExternalConfig, path: string, params: Record<string, string>): string {
  return `${youtube.baseUrl}/${path}?${new URLSearchParams({ ...params, key: youtube.apiKey ?? '' })}`
}

const bestThumbnail = (s: z.infer<typeof snippet>) => {
  const t = s.thumbnails
  return (t?.maxres ?? t?.standard ?? t?.high ?? t?.medium ?? t?.default)?.url
}

/** A video's live status (videos.list with liveStreamingDetails); a finished broadcast is offline. */
export async function youtubeVideoStatus(external: ExternalConfig, videoId: string): Promise<ChannelStatus> {
  const answer = await fetchJson(
    external,
    'YouTube',
    url(external, 'videos', { part: 'snippet,liveStreamingDetails', id: videoId }),
    videosAnswer,
  )
  const video = answer.items[0]
  if (!video) throw new ExternalError('YouTube has no video with this link (removed or private)')
  const details = video.liveStreamingDetails
  const isLive = video.snippet.liveBroadcastContent === 'live' && !details?.actualEndTime
  return {
    isLive,
    title: video.snippet.title,
    viewerCount: isLive ? Number(details?.concurrentViewers ?? 0) : 0,
    thumbnailUrl: bestThumbnail(video.snippet),
    startedAt: details?.actualStartTime ? new Date(details.actualStartTime) : undefined,
    endedAt: details?.actualEndTime ? new Date(details.actualEndTime) : undefined,
    streamerName: video.snippet.channelTitle,
  }
}

/** A channel's current live broadcast, if any: search.list eventType=live, then its video. */
export async function youtubeChannelStatus(
  external: ExternalConfig,
  channel: { channelId: string } | { handle: string },
): Promise<ChannelStatus> {
  let channelId: string
  if ('channelId' in channel) {
    channelId = channel.channelId
  } else {
    const found = await fetchJson(
      external,
      'YouTube',
      url(external, 'channels', { part: 'id', forHandle: channel.handle }),
      channelsAnswer,
    )
    const id = found.items?.[0]?.id
    if (!id) throw new ExternalError(`YouTube has no channel ${channel.handle}`)
    channelId = id
  }
  const search = await fetchJson(
    external,
    'YouTube',
    url(external, 'search', { part: 'id', channelId, eventType: 'live', type: 'video', maxResults: '1' }),
    searchAnswer,
  )
  const videoId = search.items[0]?.id.videoId
  if (!videoId) return { isLive: false, viewerCount: 0 }
  return youtubeVideoStatus(external, videoId)
}
