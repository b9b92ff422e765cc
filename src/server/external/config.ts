import { env } from '../../env.server.ts'
import { ApiError } from '../http/errors.ts'
import { defaultLinkCheckOptions, type LinkCheckOptions } from './link-check-options.ts'
import type { AddressRules } from './public-address.ts'

/**
 * The outside services the refreshes read: Twitch Helix, YouTube Data API v3 and the Steam store
 * (streams and games), Jolpica-F1 (official F1 standings).
 */
export interface ExternalConfig {
  twitch: { clientId?: string; clientSecret?: string; authBaseUrl: string; apiBaseUrl: string }
  youtube: { apiKey?: string; baseUrl: string }
  steam: { baseUrl: string }
  jolpica: { baseUrl: string }
  /** One call may take this long before it is abandoned and the item counts as failed. */
  timeoutMs: number
  /** The link check of purchase links and game websites (docs/decisions/0853). */
  linkCheck: LinkCheckOptions
  /** Announcements, webhooks and IndexNow (docs/decisions/0860): what they may reach, and how long a call may take. */
  outbound: OutboundOptions
}

export interface OutboundOptions {
  rules: AddressRules
  timeoutMs: number
  /** IndexNow's endpoint (INDEXNOW_URL). */
  indexNowUrl: string
  /** A page of this site (a card's picture): fetched from SITE_URL unless a test's app answers it in-process. */
  ownPage?: (path: string) => Promise<Response>
}

/** Production's addresses and keys, from the typed environment (src/env.server.ts). */
export const externalConfigFromEnv = (): ExternalConfig => ({
  twitch: {
    clientId: env.TWITCH_CLIENT_ID,
    clientSecret: env.TWITCH_CLIENT_SECRET,
    authBaseUrl: env.TWITCH_AUTH_BASE_URL,
    apiBaseUrl: env.TWITCH_API_BASE_URL,
  },
  youtube: { apiKey: env.YOUTUBE_API_KEY, baseUrl: env.YOUTUBE_API_BASE_URL },
  steam: { baseUrl: env.STEAM_STORE_BASE_URL },
  jolpica: { baseUrl: env.JOLPICA_BASE_URL.replace(/\/$/, '') },
  timeoutMs: 10_000,
  linkCheck: {
    ...defaultLinkCheckOptions,
    allowLoopback: env.TEST_ONLY_LINK_CHECK_LOCAL_SHOPS,
    loopbackOnly: env.TEST_ONLY_LINK_CHECK_LOCAL_SHOPS,
  },
  outbound: {
    rules: { allowLoopback: env.TEST_ONLY_OUTBOUND_LOOPBACK },
    timeoutMs: 10_000,
    indexNowUrl: env.INDEXNOW_URL,
  },
})

export interface ExternalOverrides {
  twitch?: Partial<ExternalConfig['twitch']>
  youtube?: Partial<ExternalConfig['youtube']>
  steam?: Partial<ExternalConfig['steam']>
  jolpica?: Partial<ExternalConfig['jolpica']>
  timeoutMs?: number
  linkCheck?: Partial<LinkCheckOptions>
  outbound?: Partial<OutboundOptions>
}

/** `base` with some settings replaced (a test's fakes on 127.0.0.1, a missing key). */
export function withExternalOverrides(base: ExternalConfig, overrides: ExternalOverrides): ExternalConfig {
  return {
    twitch: { ...base.twitch, ...overrides.twitch },
    youtube: { ...base.youtube, ...overrides.youtube },
    steam: { ...base.steam, ...overrides.steam },
    jolpica: { ...base.jolpica, ...overrides.jolpica },
    timeoutMs: overrides.timeoutMs ?? base.timeoutMs,
    linkCheck: { ...base.linkCheck, ...overrides.linkCheck },
    outbound: { ...base.outbound, ...overrides.outbound },
  }
}

export type StreamPlatform = 'twitch' | 'youtube'

/** The variables each platform needs that are not set (empty when it is configured). */
export function missingVariables(config: ExternalConfig, platform: StreamPlatform): string[] {
  if (platform === 'youtube') return config.youtube.apiKey ? [] : ['YOUTUBE_API_KEY']
  return [
    ...(config.twitch.clientId ? [] : ['TWITCH_CLIENT_ID']),
    ...(config.twitch.clientSecret ? [] : ['TWITCH_CLIENT_SECRET']),
  ]
}

export const platformLabel: Record<StreamPlatform, string> = { twitch: 'Twitch', youtube: 'YouTube' }

/** A stream on a platform without its keys fails with this (per stream, or as the 503 below). */
export function notConfiguredMessage(config: ExternalConfig, platforms: StreamPlatform[]): string {
  const names = platforms.map((p) => platformLabel[p]).join(' and ')
  const variables = platforms.flatMap((p) => missingVariables(config, p))
  return `${names} ${platforms.length > 1 ? 'are' : 'is'} not configured: set ${variables.join(', ')} in the environment to refresh streams.`
}

/**
 * 503 naming the variables to set when no stream platform is configured at all (like the AI
 * endpoints: src/server/ai/call.ts requireConfigured). With one configured, the refresh runs and
 * streams on the other fail one by one with the same words.
 */
export function requireStreamPlatform(config: ExternalConfig): void {
  const platforms: StreamPlatform[] = ['twitch', 'youtube']
  if (platforms.some((p) => missingVariables(config, p).length === 0)) return
  throw new ApiError(503, notConfiguredMessage(config, platforms))
}
