import type { RevisionActor } from '../../lib/revisions.ts'
import { streamSource, type StreamSource } from '../../lib/stream-source.ts'
import { differingFields, followsChannel, streamRefreshChanges } from '../../lib/stream-refresh.ts'
import { missingVariables, notConfiguredMessage, type ExternalConfig } from '../external/config.ts'
import { ExternalError } from '../external/http.ts'
import type { ChannelStatus } from '../external/twitch.ts'
import { twitchChannelStatus } from '../external/twitch.ts'
import { youtubeChannelStatus, youtubeVideoStatus } from '../external/youtube.ts'
import { getStream, listLiveStreams, updateStream, type Stream } from '../repos/streams.repo.ts'

export interface RefreshOutcome {
  id: number
  title: string
  skipped?: boolean
  changed: boolean
}

function statusOf(external: ExternalConfig, source: StreamSource): Promise<ChannelStatus> {
  if (source.platform === 'twitch') return twitchChannelStatus(external, source.login)
  if ('videoId' in source) return youtubeVideoStatus(external, source.videoId)
  return youtubeChannelStatus(external, source)
}

/** One name per channel, whichever way its link is written ('twitch:fastlapfred', 'youtube:@gravelgoblin'). */
function channelKey(source: StreamSource | undefined): string | undefined {
  if (!source || 'videoId' in source) return undefined
  if (source.platform === 'twitch') return `twitch:${source.login}`
  return 'handle' in source ? `youtube:${source.handle.toLowerCase()}` : `youtube:${source.channelId}`
}

/** Whether another entry of the same channel is live already (it shows the channel's broadcast). */
async function shownElsewhere(stream: Stream, key: string): Promise<boolean> {
  const live = await listLiveStreams()
  return live.some((s) => s.id !== stream.id && channelKey(streamSource(s.streamUrl)) === key)
}

/**
 * Refreshes one stream from Twitch or YouTube by the rules of src/lib/stream-refresh.ts: a video
 * link is the entry's own broadcast; a channel link only says whether the channel is live, for an
 * entry that is live or due now. A link on neither platform, and a recorded entry with a channel
 * link, are skipped (no call: a YouTube channel costs 100 quota units). A platform without its
 * keys, or a failed call, throws (the job records it against this stream and goes on).
 */
export async function refreshStream(
  external: ExternalConfig,
  id: number,
  now = new Date(),
  actor: RevisionActor = 'admin',
): Promise<RefreshOutcome> {
  const stream = await getStream(id)
  if (!stream) throw new ExternalError('The stream was deleted before it was refreshed')
  const source = streamSource(stream.streamUrl)
  const skipped = { id, title: stream.title, skipped: true, changed: false }
  if (!source) return skipped
  const channel = channelKey(source)
  if (channel && !followsChannel(stream, now)) return skipped
  if (missingVariables(external, source.platform).length > 0)
    throw new ExternalError(notConfiguredMessage(external, [source.platform]))
  const status = await statusOf(external, source)
  const taken = channel !== undefined && status.isLive && !stream.isLive && (await shownElsewhere(stream, channel))
  const next = streamRefreshChanges(stream, channel ? 'channel' : 'video', status, now, taken)
  const changed = differingFields(stream, next).length > 0
  const platform = source.platform === 'twitch' ? 'Twitch' : 'YouTube'
  const saved = await updateStream(id, { ...next, refreshedAt: now }, { actor, summary: `Refreshed from ${platform}` })
  if (!saved) throw new ExternalError('The stream was deleted before it was refreshed')
  return { id, title: saved.title, changed }
}
