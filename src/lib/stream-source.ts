/**
 * Where a stream's URL points, for the stream refresh: a Twitch channel, a YouTube video (watch,
 * youtu.be, live/ links), a YouTube channel (channel id or @handle), or none of these (the stream
 * is skipped: the owner keeps its status by hand).
 */
export type StreamSource =
  | { platform: 'twitch'; login: string }
  | { platform: 'youtube'; videoId: string }
  | { platform: 'youtube'; channelId: string }
  | { platform: 'youtube'; handle: string }

const twitchHosts = new Set(['twitch.tv', 'www.twitch.tv', 'm.twitch.tv'])
const youtubeHosts = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])
/** First path parts of twitch.tv that are pages, not channels. */
const twitchPages = new Set(['videos', 'directory', 'p', 'settings', 'search', 'downloads', 'jobs', 'turbo'])
const twitchLogin = /^[a-z0-9_]{3,25}$/
const videoId = /^[\w-]{11}$/
const channelId = /^UC[\w-]{22}$/
const handle = /^@[\w.-]{3,30}$/

export function streamSource(url: string | null | undefined): StreamSource | undefined {
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined
  const host = parsed.hostname.toLowerCase()
  const parts = parsed.pathname.split('/').filter(Boolean)
  if (twitchHosts.has(host)) {
    const login = parts[0]?.toLowerCase()
    // twitch.tv/<login>/videos and the like still name the channel; twitch.tv/videos/<id> does not.
    if (login && !twitchPages.has(login) && twitchLogin.test(login)) return { platform: 'twitch', login }
    return undefined
  }
  if (host === 'youtu.be') {
    return parts[0] && videoId.test(parts[0]) ? { platform: 'youtube', videoId: parts[0] } : undefined
  }
  if (!youtubeHosts.has(host)) return undefined
  const v = parsed.searchParams.get('v')
  if (parts[0] === 'watch' && v && videoId.test(v)) return { platform: 'youtube', videoId: v }
  if ((parts[0] === 'live' || parts[0] === 'embed' || parts[0] === 'shorts') && parts[1] && videoId.test(parts[1]))
    return { platform: 'youtube', videoId: parts[1] }
  if (parts[0] === 'channel' && parts[1] && channelId.test(parts[1]))
    return { platform: 'youtube', channelId: parts[1] }
  // youtube.com/@handle and youtube.com/@handle/live both name the channel.
  const first = parts[0] ? decodeURIComponent(parts[0]) : undefined
  if (first && handle.test(first)) return { platform: 'youtube', handle: first }
  return undefined
}

/** Steam store app id from a store URL (store.steampowered.com/app/<id>/...), else undefined. */
export function steamAppId(url: string | null | undefined): number | undefined {
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return undefined
  }
  if (parsed.hostname.toLowerCase() !== 'store.steampowered.com') return undefined
  const match = /^\/app\/(\d{1,10})(?:\/|$)/.exec(parsed.pathname)
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined
}
