import { z } from 'zod'
import type { PlatformStatus } from '../../lib/stream-refresh.ts'
import type { ExternalConfig } from './config.ts'
import { ExternalError, fetchJson } from './http.ts'

/** What the refresh takes from a channel: live or not, and when live its title, viewers and picture. */
export type ChannelStatus = PlatformStatus

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() })

// Helix Get Streams: one entry per live channel; an offline channel is simply absent.
const streamsAnswer = z.object({
  data: z.array(
    z.object({
      user_login: z.string(),
      user_name: z.string(),
      type: z.string(),
      title: z.string(),
      viewer_count: z.number().int().min(0),
      started_at: z.iso.datetime(),
      thumbnail_url: z.string(),
    }),
  ),
})

let cached: { token: string; expiresAt: number; key: string } | undefined

/** Client-credentials app token, kept until shortly before it expires. */
async function appToken(external: ExternalConfig): Promise<string> {
  const { twitch } = external
  const key = `${twitch.authBaseUrl}|${twitch.clientId}`
  if (cached && cached.key === key && cached.expiresAt > Date.now()) return cached.token
  const answer = await fetchJson(external, 'Twitch', `${twitch.authBaseUrl}/token`, tokenAnswer, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: twitch.clientId ?? '',
      client_secret: twitch.clientSecret ?? '',
      grant_type: 'client_credentials',
    }),
  })
  cached = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in - 60) * 1000, key }
  return answer.access_token
}

/** Forgets the app token (tests; and a 401 means it was revoked). */
export function forgetTwitchToken(): void {
  cached = undefined
}

/** The live status of one channel (GET /helix/streams?user_login=...). */
export async function twitchChannelStatus(external: ExternalConfig, login: string): Promise<ChannelStatus> {
  const { twitch } = external
  const ask = async () =>
    fetchJson(
      external,
      'Twitch',
      `${twitch.apiBaseUrl}/streams?${new URLSearchParams({ user_login: login })}`,
      streamsAnswer,
      {
        headers: { 'Client-Id': twitch.clientId ?? '', Authorization: `Bearer ${await appToken(external)}` },
      },
    )
  let answer: z.infer<typeof streamsAnswer>
  try {
    answer = await ask()
  } catch (error) {
    // A token revoked or expired early: one new token, one more try.
    if (!(error instanceof ExternalError) || error.upstreamStatus !== 401) throw error
    forgetTwitchToken()
    answer = await ask()
  }
  const live = answer.data.find((s) => s.user_login.toLowerCase() === login && s.type === 'live')
  if (!live) return { isLive: false, viewerCount: 0 }
  return {
    isLive: true,
    title: live.title,
    viewerCount: live.viewer_count,
    // The preview's size is a template: {width}x{height}.
    thumbnailUrl: live.thumbnail_url.replace('{width}', '1280').replace('{height}', '720'),
    startedAt: new Date(live.started_at),
    streamerName: live.user_name,
  }
}
