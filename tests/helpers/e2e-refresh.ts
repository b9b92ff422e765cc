import type { APIRequestContext } from '@playwright/test'
import type { FakeBehavior, SteamApp, TwitchChannel } from '../fakes/refresh-apis-server.ts'

/** The fake Twitch, YouTube and Steam the end-to-end site talks to (scripts/local-platform/e2e-site.ts: port + 3). */
const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8899) + 3}`

async function control(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const res = await request.post(`${origin}/__fake/${path}`, { data })
  if (!res.ok()) throw new Error(`the fake refresh APIs refused ${path}: ${res.status()} ${await res.text()}`)
}

export const fakeTwitchChannel = (request: APIRequestContext, login: string, channel: TwitchChannel) =>
  control(request, 'twitch', { login, channel })

export const fakeSteamApp = (request: APIRequestContext, appId: number, app: SteamApp) =>
  control(request, 'steam', { appId, app })

/** Every call whose URL contains `match` (a login, an app id) gets `behavior`. */
export const fakeRefreshWhen = (request: APIRequestContext, match: string, behavior: FakeBehavior) =>
  control(request, 'when', { match, behavior })

export const resetFakeRefresh = (request: APIRequestContext) => control(request, 'reset', {})
