import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'

/**
 * A fake of the three services the stream and game refreshes read, on 127.0.0.1 (never the
 * internet), one server with a path prefix per service:
 *   /twitch/oauth2/token, /twitch/helix/streams         Twitch (client-credentials token, Get Streams)
 *   /youtube/v3/videos, /youtube/v3/search, /v3/channels  YouTube Data API v3
 *   /steam/api/appdetails                               Steam store
 * Channels, videos and apps are set per test (set*); unknown ones answer like the real services do
 * (an offline channel, a video that is not live, a game priced $29.99). Tests queue failures per
 * service (500, 429, no answer, a body that is not JSON, JSON of another shape), or for every call
 * whose URL contains a string. The same controls are HTTP endpoints under /__fake/ for the
 * end-to-end tests (tests/helpers/e2e-refresh.ts).
 */
export type RefreshService = 'twitch' | 'youtube' | 'steam'

export type FakeBehavior =
  | { kind: 'ok' }
  | { kind: 'slow'; ms: number }
  | { kind: 'status'; status: number; retryAfter?: string; message?: string }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'json'; body: unknown }

export interface TwitchChannel {
  live: boolean
  title?: string
  viewers?: number
  userName?: string
  startedAt?: string
}
export interface YoutubeVideo {
  title: string
  live: boolean
  viewers?: number
  channelTitle?: string
  ended?: boolean
}
export interface SteamApp {
  name: string
  price?: string
  isFree?: boolean
  description?: string
  image?: string
}

export interface FakeRefreshApis {
  origin: string
  port: number
  /** The base URLs to configure (env, or the platform's `external` in a test). */
  urls: { twitchAuth: string; twitchApi: string; youtube: string; steam: string }
  requests: { service: RefreshService; path: string; url: string; headers: Record<string, string | undefined> }[]
  setTwitchChannel: (login: string, channel: TwitchChannel) => void
  setYoutubeVideo: (videoId: string, video: YoutubeVideo) => void
  /** A channel (by id or @handle) and the video it is live with, if any. */
  setYoutubeChannel: (channel: string, liveVideoId: string | null) => void
  setSteamApp: (appId: number, app: SteamApp) => void
  queue: (service: RefreshService, ...behaviors: FakeBehavior[]) => void
  when: (match: string, behavior: FakeBehavior) => void
  reset: () => void
  close: () => Promise<void>
}

export const FAKE_TWITCH_TOKEN = 'fake-twitch-app-token'

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const serviceOf = (path: string): RefreshService | undefined =>
  path.startsWith('/twitch/')
    ? 'twitch'
    : path.startsWith('/youtube/')
      ? 'youtube'
      : path.startsWith('/steam/')
        ? 'steam'
        : undefined

export async function startFakeRefreshApis(options: { port?: number } = {}): Promise<FakeRefreshApis> {
  const twitch = new Map<string, TwitchChannel>()
  const videos = new Map<string, YoutubeVideo>()
  const channels = new Map<string, string | null>()
  const apps = new Map<number, SteamApp>()
  const queues: Record<RefreshService, FakeBehavior[]> = { twitch: [], youtube: [], steam: [] }
  const rules: { match: string; behavior: FakeBehavior }[] = []
  const requests: FakeRefreshApis['requests'] = []
  const hanging = new Set<ServerResponse>()

  const reset = () => {
    twitch.clear()
    videos.clear()
    channels.clear()
    apps.clear()
    for (const q of Object.values(queues)) q.length = 0
    rules.length = 0
    requests.length = 0
  }

  function twitchAnswer(url: URL, req: IncomingMessage, body: string): [number, unknown] {
    if (url.pathname === '/twitch/oauth2/token') {
      const form = new URLSearchParams(body || url.search)
      if (!form.get('client_id') || !form.get('client_secret') || form.get('grant_type') !== 'client_credentials')
        return [400, { status: 400, message: 'missing client id' }]
      return [200, { access_token: FAKE_TWITCH_TOKEN, expires_in: 5_000_000, token_type: 'bearer' }]
    }
    if (url.pathname === '/twitch/helix/streams') {
      if (req.headers.authorization !== `Bearer ${FAKE_TWITCH_TOKEN}` || !req.headers['client-id'])
        return [401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' }]
      const data = url.searchParams.getAll('user_login').flatMap((login) => {
        const channel = twitch.get(login.toLowerCase())
        if (!channel?.live) return []
        return [
          {
            id: '40952121085',
            user_id: '101051819',
            user_login: login.toLowerCase(),
            user_name: channel.userName ?? login,
            game_id: '1469308723',
            game_name: 'Assetto Corsa Competizione',
            type: 'live',
            title: channel.title ?? `${login} live`,
            viewer_count: channel.viewers ?? 0,
            started_at: channel.startedAt ?? '2026-11-24T10:00:00Z',
            language: 'en',
            thumbnail_url: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${login.toLowerCase()}-{width}x{height}.jpg`,
            tag_ids: [],
            tags: ['English'],
            is_mature: false,
          },
        ]
      })
      return [200, { data, pagination: {} }]
    }
    return [404, { error: 'Not Found', status: 404, message: '' }]
  }

  function youtubeAnswer(url: URL): [number, unknown] {
    if (!url.searchParams.get('key'))
      return [403, { error: { code: 403, message: 'The request is missing a valid API key.' } }]
    const params = url.searchParams
    if (url.pathname === '/youtube/v3/videos') {
      const items = (params.get('id') ?? '').split(',').flatMap((id) => {
        const video = videos.get(id)
        if (!video) return []
        const thumb = (size: string) => ({ url: `https://i.ytimg.com/vi/${id}/${size}.jpg` })
        return [
          {
            kind: 'youtube#video',
            id,
            snippet: {
              title: video.title,
              channelTitle: video.channelTitle ?? 'Fake Channel',
              liveBroadcastContent: video.live ? 'live' : 'none',
              thumbnails: { default: thumb('default'), high: thumb('hqdefault'), maxres: thumb('maxresdefault_live') },
            },
            liveStreamingDetails: {
              actualStartTime: '2026-11-24T09:30:00Z',
              ...(video.live ? { concurrentViewers: String(video.viewers ?? 0) } : {}),
              ...(video.ended ? { actualEndTime: '2026-11-24T11:30:00Z' } : {}),
            },
          },
        ]
      })
      return [200, { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length } }]
    }
    if (url.pathname === '/youtube/v3/channels') {
      const handle = params.get('forHandle') ?? ''
      const known = channels.has(handle) || channels.has(`@${handle.replace(/^@/, '')}`)
      // Every handle exists, like the demo's: its id is derived from the handle.
      const id = `UC${Buffer.from(handle).toString('hex').padEnd(22, '0').slice(0, 22)}`
      if (known) channels.set(id, channels.get(handle) ?? channels.get(`@${handle.replace(/^@/, '')}`) ?? null)
      return [200, { kind: 'youtube#channelListResponse', items: [{ kind: 'youtube#channel', id }] }]
    }
    if (url.pathname === '/youtube/v3/search') {
      if (params.get('eventType') !== 'live' || params.get('type') !== 'video')
        return [400, { error: { code: 400, message: 'eventType needs type=video' } }]
      const live = channels.get(params.get('channelId') ?? '')
      const items = live ? [{ kind: 'youtube#searchResult', id: { kind: 'youtube#video', videoId: live } }] : []
      return [200, { kind: 'youtube#searchListResponse', items }]
    }
    return [404, { error: { code: 404, message: 'Not Found' } }]
  }

  function steamAnswer(url: URL): [number, unknown] {
    if (url.pathname !== '/steam/api/appdetails') return [404, null]
    const id = Number(url.searchParams.get('appids'))
    if (!Number.isInteger(id) || id <= 0) return [200, null]
    const app = apps.get(id) ?? {
      name: `Steam App ${id}`,
      price: '$29.99',
      description: `The store page of app ${id}.`,
    }
    if (app.name === '') return [200, { [id]: { success: false } }]
    return [
      200,
      {
        [id]: {
          success: true,
          data: {
            type: 'game',
            name: app.name,
            steam_appid: id,
            is_free: app.isFree ?? false,
            short_description: app.description ?? '',
            header_image:
              app.image ?? `https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/${id}/header.jpg`,
            ...(app.price
              ? {
                  price_overview: {
                    currency: 'USD',
                    initial: 2999,
                    final: 2999,
                    discount_percent: 0,
                    final_formatted: app.price,
                  },
                }
              : {}),
          },
        },
      },
    ]
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const body = await readText(req)
    if (url.pathname.startsWith('/__fake/') && req.method === 'POST') {
      let control: Record<string, unknown> = {}
      try {
        control = JSON.parse(body || '{}') as Record<string, unknown>
      } catch {
        return send(res, 400, { error: 'JSON body' })
      }
      const c = control as never
      switch (url.pathname) {
        case '/__fake/reset':
          reset()
          return send(res, 200, { ok: true })
        case '/__fake/twitch':
          fake.setTwitchChannel((c as { login: string }).login, (c as { channel: TwitchChannel }).channel)
          return send(res, 200, { ok: true })
        case '/__fake/youtube-video':
          fake.setYoutubeVideo((c as { videoId: string }).videoId, (c as { video: YoutubeVideo }).video)
          return send(res, 200, { ok: true })
        case '/__fake/youtube-channel':
          fake.setYoutubeChannel((c as { channel: string }).channel, (c as { liveVideoId: string | null }).liveVideoId)
          return send(res, 200, { ok: true })
        case '/__fake/steam':
          fake.setSteamApp((c as { appId: number }).appId, (c as { app: SteamApp }).app)
          return send(res, 200, { ok: true })
        case '/__fake/queue':
          fake.queue(
            (c as { service: RefreshService }).service,
            ...((c as { behaviors: FakeBehavior[] }).behaviors ?? []),
          )
          return send(res, 200, { ok: true })
        case '/__fake/when':
          fake.when((c as { match: string }).match, (c as { behavior: FakeBehavior }).behavior)
          return send(res, 200, { ok: true })
        default:
          return send(res, 404, { error: 'unknown control' })
      }
    }
    const service = serviceOf(url.pathname)
    if (!service) return send(res, 404, { error: 'unknown service' })
    requests.push({
      service,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      headers: {
        authorization: req.headers.authorization,
        'client-id': req.headers['client-id'] as string | undefined,
      },
    })
    const fullUrl = `${url.pathname}${url.search}${body ? `?${body}` : ''}`
    const behavior = queues[service].shift() ?? rules.find((r) => fullUrl.includes(r.match))?.behavior ?? { kind: 'ok' }
    switch (behavior.kind) {
      case 'hang':
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return
      case 'status':
        return send(
          res,
          behavior.status,
          { error: { code: behavior.status, message: behavior.message ?? 'fake failure' } },
          behavior.retryAfter ? { 'retry-after': behavior.retryAfter } : {},
        )
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end('{"data": [ this is not json')
      case 'json':
        return send(res, 200, behavior.body)
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, behavior.ms))
        break
      case 'ok':
        break
    }
    const [status, answer] =
      service === 'twitch'
        ? twitchAnswer(url, req, body)
        : service === 'youtube'
          ? youtubeAnswer(url)
          : steamAnswer(url)
    send(res, status, answer)
  })
  const port = await listenLocal(server, options.port)
  const origin = `http://127.0.0.1:${port}`

  const fake: FakeRefreshApis = {
    origin,
    port,
    urls: {
      twitchAuth: `${origin}/twitch/oauth2`,
      twitchApi: `${origin}/twitch/helix`,
      youtube: `${origin}/youtube/v3`,
      steam: `${origin}/steam`,
    },
    requests,
    setTwitchChannel: (login, channel) => twitch.set(login.toLowerCase(), channel),
    setYoutubeVideo: (videoId, video) => videos.set(videoId, video),
    setYoutubeChannel: (channel, liveVideoId) => channels.set(channel, liveVideoId),
    setSteamApp: (appId, app) => apps.set(appId, app),
    queue: (service, ...behaviors) => queues[service].push(...behaviors),
    when: (match, behavior) => rules.push({ match, behavior }),
    reset,
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}
