/**
 * What a stream refresh may change in an entry (issue 25, docs/decisions/0621). The link says what
 * the platform's answer is about:
 * - a video (a YouTube watch, youtu.be or /live/ link) is the entry's own broadcast: its live state,
 *   viewers and, when it goes live or ends, its start and end times are the entry's;
 * - a channel (twitch.tv/<login>, youtube.com/@handle or /channel/<id>) only says whether the channel
 *   is live now, and its viewers. That speaks for an entry only while the entry is open: live, or
 *   announced to start about now. A recorded entry (ended, or started long ago) is about another
 *   broadcast of the channel and is left as it is, and a channel's broadcast is shown by one entry.
 * The owner's title, thumbnail and description are kept unless the entry asks for the platform's
 * (`platformTexts`); a blank thumbnail (video links) or streamer name is filled.
 */
export type StreamLinkKind = 'video' | 'channel'

/** What Twitch or YouTube says about the link now. */
export interface PlatformStatus {
  isLive: boolean
  title?: string
  viewerCount?: number
  thumbnailUrl?: string
  startedAt?: Date
  endedAt?: Date
  streamerName?: string
}

export interface RefreshableStream {
  title: string
  thumbnailUrl: string
  streamerName: string
  startTime: Date
  endTime: Date | null
  isLive: boolean
  viewerCount: number
  /** The owner asked for the platform's title and thumbnail. */
  platformTexts: boolean
}

export type StreamChanges = Partial<Omit<RefreshableStream, 'platformTexts'>>

/** An entry may go live from its channel from an hour before its start time ... */
export const OPEN_BEFORE_START_MS = 60 * 60 * 1000
/** ... until 12 hours after it (a broadcast that started late, or a long one announced late). */
export const OPEN_AFTER_START_MS = 12 * 60 * 60 * 1000

/** Whether a channel's live state speaks for this entry: it is live, or due about now and not over. */
export function followsChannel(entry: Pick<RefreshableStream, 'isLive' | 'startTime' | 'endTime'>, now: Date): boolean {
  if (entry.isLive) return true
  const sinceStart = now.getTime() - entry.startTime.getTime()
  if (sinceStart < -OPEN_BEFORE_START_MS) return false
  // An end time says how long the entry is open; without one, 12 hours after its start.
  if (entry.endTime) return entry.endTime.getTime() > now.getTime()
  return sinceStart <= OPEN_AFTER_START_MS
}

/**
 * The fields a refresh changes (only those that differ are worth writing; the caller compares).
 * `channelShownElsewhere`: another entry of the same channel is already live, so this one does not
 * take the channel's broadcast too (it was shown twice under LIVE NOW).
 */
export function streamRefreshChanges(
  entry: RefreshableStream,
  link: StreamLinkKind,
  status: PlatformStatus,
  now: Date,
  channelShownElsewhere = false,
): StreamChanges {
  if (link === 'channel') {
    if (!followsChannel(entry, now)) return {}
    if (status.isLive && !entry.isLive && channelShownElsewhere) return {}
  }
  const next: StreamChanges = { isLive: status.isLive, viewerCount: status.isLive ? (status.viewerCount ?? 0) : 0 }
  const goesLive = status.isLive && !entry.isLive
  const ends = !status.isLive && entry.isLive
  if (status.isLive) {
    // The video's own start is the broadcast's; a channel's broadcast may be another one.
    if (goesLive && link === 'video' && status.startedAt) next.startTime = status.startedAt
    // Live again after an end that has passed: it has not ended. A planned end is the owner's.
    if (entry.endTime && entry.endTime.getTime() <= now.getTime()) next.endTime = null
  } else if (ends && !(entry.endTime && entry.endTime.getTime() <= now.getTime())) {
    next.endTime = link === 'video' && status.endedAt ? status.endedAt : now
  }
  // A channel's title and picture are those of its live broadcast: nothing to take while it is offline.
  const describesEntry = link === 'video' || status.isLive
  if (describesEntry && entry.platformTexts) {
    if (status.title) next.title = status.title.slice(0, 300)
    if (status.thumbnailUrl) next.thumbnailUrl = status.thumbnailUrl
  } else if (link === 'video' && !entry.thumbnailUrl && status.thumbnailUrl) {
    next.thumbnailUrl = status.thumbnailUrl
  }
  if (!entry.streamerName && status.streamerName) next.streamerName = status.streamerName.slice(0, 200)
  return next
}

/** The fields of `changes` whose value differs from the entry's (dates by instant). */
export function differingFields(entry: RefreshableStream, changes: StreamChanges): (keyof StreamChanges)[] {
  return (Object.keys(changes) as (keyof StreamChanges)[]).filter((key) => {
    const before = entry[key]
    const after = changes[key]
    if (before instanceof Date || after instanceof Date)
      return (before as Date | null)?.getTime() !== (after as Date | null | undefined)?.getTime()
    return before !== after
  })
}
