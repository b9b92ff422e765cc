import type { APIRequestContext } from '@playwright/test'
import type { FakeBehavior, SteamApp, TwitchChannel } from '../../fakes/refresh-apis-server.ts'
import { currentSite } from './e2e-site.ts'

/** The fake Twitch, YouTube and Steam of the test's site (test-support/e2e-site.ts). */
async function control(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const res = await request.post(`${currentSite().fakeRefreshOrigin}/__fake/${path}`, { data })
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
