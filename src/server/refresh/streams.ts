import type { RevisionActor } from '../../lib/revisions.ts'
import { streamSource, type StreamSource } from '../../lib/stream-source.ts'
import { missingVariables, notConfiguredMessage } from '../external/config.ts'
import { ExternalError } from '../external/http.ts'
import type { ChannelStatus } from '../external/twitch.ts'
import { twitchChannelStatus } from '../external/twitch.ts'
import { youtubeChannelStatus, youtubeVideoStatus } from '../external/youtube.ts'
import { getStream, updateStream, type NewStream, type Stream } from '../repos/streams.repo.ts'

export interface RefreshOutcome {
  id: number
  title: string
  skipped?: boolean
  changed: boolean
}

function statusOf(source: StreamSource): Promise<ChannelStatus> {
  if (source.platform === 'twitch') return twitchChannelStatus(source.login)
  if ('videoId' in source) return youtubeVideoStatus(source.videoId)
  return youtubeChannelStatus(source)
}

/** The stream's new public fields: live status and viewers always; title, picture and start when known. */
function changesFor(stream: Stream, status: ChannelStatus, now: Date): Partial<NewStream> {
  const next: Partial<NewStream> = { isLive: status.isLive, viewerCount: status.viewerCount ?? 0 }
  if (status.title) next.title = status.title.slice(0, 300)
  if (status.thumbnailUrl) next.thumbnailUrl = status.thumbnailUrl
  if (status.isLive && status.startedAt) next.startTime = status.startedAt
  if (status.isLive) next.endTime = null
  // A broadcast that has just ended gets its end time.
  else if (stream.isLive) next.endTime = now
  if (!stream.streamerName && status.streamerName) next.streamerName = status.streamerName
  return next
}

const differs = (stream: Stream, next: Partial<NewStream>) =>
  Object.entries(next).some(([key, value]) => {
    const current = stream[key as keyof Stream]
    if (current instanceof Date || value instanceof Date)
      return (current as Date | null)?.getTime() !== (value as Date | null)?.getTime()
    return current !== value
  })

/**
 * Reads one stream's live status, viewers, title and thumbnail from Twitch or YouTube and stores
 * them. A link on neither platform is skipped; a platform without its keys, or a failed call,
 * throws (the job records it against this stream and goes on).
 */
export async function refreshStream(
  id: number,
  now = new Date(),
  actor: RevisionActor = 'admin',
): Promise<RefreshOutcome> {
  const stream = await getStream(id)
  if (!stream) throw new ExternalError('The stream was deleted before it was refreshed')
  const source = streamSource(stream.streamUrl)
  if (!source) return { id, title: stream.title, skipped: true, changed: false }
  if (missingVariables(source.platform).length > 0) throw new ExternalError(notConfiguredMessage([source.platform]))
  const status = await statusOf(source)
  const next = changesFor(stream, status, now)
  const changed = differs(stream, next)
  const platform = source.platform === 'twitch' ? 'Twitch' : 'YouTube'
  const saved = await updateStream(id, { ...next, refreshedAt: now }, { actor, summary: `Refreshed from ${platform}` })
  if (!saved) throw new ExternalError('The stream was deleted before it was refreshed')
  return { id, title: saved.title, changed }
}
