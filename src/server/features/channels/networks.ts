/**
 * How each network is called (docs/decisions/0860), from its published reference: Discord's
 * "Execute Webhook", Bluesky's XRPC (com.atproto.server.createSession, com.atproto.repo.uploadBlob,
 * com.atproto.repo.createRecord of an app.bsky.feed.post with an app.bsky.embed.external card),
 * Mastodon's POST /api/v1/statuses with an Idempotency-Key. Each call goes through
 * src/server/external/outbound.ts (public addresses only, no redirects, one deadline), and each
 * answer becomes one outcome: sent, try again later (429, 5xx, no answer), the channel refused for
 * good (paused), or this message refused (failed). No outcome says a credential.
 */
import {
  blueskyPost,
  channelLabels,
  discordMessage,
  mastodonStatus,
  type Announcement,
  type ChannelKind,
} from '../../../lib/channels/messages.ts'
import { SITE_NAME } from '../../../lib/structured-data.ts'
import type { OutboundOptions } from '../../external/config.ts'
import { OutboundError, sendOutbound, type OutboundAnswer } from '../../external/outbound.ts'

export type Outcome =
  | { kind: 'sent'; status: number; postUrl?: string }
  | { kind: 'retry'; status?: number; afterMs?: number; error: string }
  | { kind: 'pause'; status: number; error: string }
  | { kind: 'failed'; status: number; error: string }

/** What is sent, with the picture's bytes for Bluesky's card (a PNG of at most 1,000,000 bytes). */
export interface Outgoing {
  announcement: Announcement
  thumb?: Uint8Array
  /** The same on every attempt of one delivery: Mastodon posts one status for it however often it is asked. */
  idempotencyKey: string
}

const json = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Seconds from now that a 429 asks for, in any of the ways the three networks say it. */
export function retryAfterMs(answer: OutboundAnswer, now = Date.now()): number | undefined {
  const header = answer.headers['retry-after']
  if (header && /^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000
  const body = json(answer.text)
  if (typeof body.retry_after === 'number') return body.retry_after * 1000
  // Bluesky: RateLimit-Reset in epoch seconds; Mastodon: X-RateLimit-Reset as an ISO time.
  const epoch = Number(answer.headers['ratelimit-reset'])
  if (Number.isFinite(epoch) && epoch > 0) return Math.max(0, epoch * 1000 - now)
  const at = Date.parse(answer.headers['x-ratelimit-reset'] ?? '')
  if (Number.isFinite(at)) return Math.max(0, at - now)
  return undefined
}

/** What the network said about a refusal, in one line, without anything of ours. */
function said(answer: OutboundAnswer): string {
  const body = json(answer.text)
  const message = [body.message, body.error, body.error_description].find((v) => typeof v === 'string') as
    string | undefined
  return (message ?? answer.text).replace(/\s+/g, ' ').trim().slice(0, 200)
}

/** One answer as an outcome: the rules every network shares. */
function outcomeOf(kind: ChannelKind, answer: OutboundAnswer, postUrl?: string): Outcome {
  const label = channelLabels[kind]
  const { status } = answer
  if (status >= 200 && status < 300) return { kind: 'sent', status, postUrl }
  const what = said(answer)
  if (status === 429)
    return { kind: 'retry', status, afterMs: retryAfterMs(answer), error: `${label} asked to wait (429).` }
  if (status >= 500) return { kind: 'retry', status, error: `${label} answered ${status}${what ? `: ${what}` : ''}.` }
  if (status === 401 || status === 403)
    return {
      kind: 'pause',
      status,
      error: `${label} refused the credential (${status}${what ? `: ${what}` : ''}). Connect it again to resume.`,
    }
  return { kind: 'failed', status, error: `${label} refused the message (${status}${what ? `: ${what}` : ''}).` }
}

/** A call that got no answer: tried again later, unless the address itself is refused. */
function noAnswer(kind: ChannelKind, error: unknown): Outcome {
  if (error instanceof OutboundError && error.kind === 'refused')
    return { kind: 'pause', status: 0, error: `${channelLabels[kind]}: ${error.message}` }
  const message = error instanceof OutboundError ? error.message : 'The call failed.'
  return { kind: 'retry', error: `${channelLabels[kind]}: ${message}` }
}

async function call(kind: ChannelKind, options: OutboundOptions, request: Parameters<typeof sendOutbound>[0]) {
  try {
    return { answer: await sendOutbound(request) }
  } catch (error) {
    return { outcome: noAnswer(kind, error) }
  }
}

const jsonRequest = (options: OutboundOptions, url: string, body: unknown, headers: Record<string, string> = {}) => ({
  url,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
  timeoutMs: options.timeoutMs,
  rules: options.rules,
})

/**
 * Discord: the webhook's address is the credential; `wait=true` answers the message, whose link is
 * kept. A webhook's message names its channel but not its server (guild): that comes from
 * `serverUrl`, the server's address noted when the webhook was connected.
 */
export async function sendToDiscord(
  webhookUrl: string,
  out: Outgoing,
  options: OutboundOptions,
  serverUrl?: string | null,
): Promise<Outcome> {
  const url = new URL(webhookUrl)
  url.searchParams.set('wait', 'true')
  const sent = await call(
    'discord',
    options,
    jsonRequest(options, url.href, discordMessage(out.announcement, SITE_NAME)),
  )
  if (!sent.answer) return sent.outcome
  // A webhook deleted in Discord answers 404 Unknown Webhook: it will never work again.
  if (sent.answer.status === 404)
    return { kind: 'pause', status: 404, error: 'Discord says the webhook no longer exists (404). Connect a new one.' }
  const message = json(sent.answer.text)
  const server =
    typeof message.guild_id === 'string' ? `${DISCORD_CHANNELS}/${message.guild_id}` : (serverUrl ?? undefined)
  const postUrl =
    server && typeof message.channel_id === 'string' && typeof message.id === 'string'
      ? `${server}/${message.channel_id}/${message.id}`
      : undefined
  return outcomeOf('discord', sent.answer, postUrl)
}

const DISCORD_CHANNELS = 'https://discord.com/channels'

/**
 * Discord's name for the webhook (Get Webhook with Token), to show which one is connected, and the
 * address of its server (guild), for the links to the messages posted.
 */
export async function discordWebhookName(
  webhookUrl: string,
  options: OutboundOptions,
): Promise<Outcome & { name?: string; serverUrl?: string }> {
  const sent = await call('discord', options, {
    url: webhookUrl,
    method: 'GET',
    timeoutMs: options.timeoutMs,
    rules: options.rules,
  })
  if (!sent.answer) return sent.outcome
  if (sent.answer.status === 404 || sent.answer.status === 401)
    return { kind: 'failed', status: sent.answer.status, error: 'Discord does not know this webhook address.' }
  const outcome = outcomeOf('discord', sent.answer)
  const { name, guild_id: guild } = json(sent.answer.text)
  return {
    ...outcome,
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof guild === 'string' && /^\d+$/.test(guild) ? { serverUrl: `${DISCORD_CHANNELS}/${guild}` } : {}),
  }
}

interface BlueskySession {
  accessJwt: string
  did: string
  handle: string
}

/** Bluesky: a session from the handle and app password (createSession). */
export async function blueskySession(
  serverUrl: string,
  handle: string,
  appPassword: string,
  options: OutboundOptions,
): Promise<{ session: BlueskySession } | { outcome: Outcome }> {
  const sent = await call(
    'bluesky',
    options,
    jsonRequest(options, `${serverUrl}/xrpc/com.atproto.server.createSession`, {
      identifier: handle,
      password: appPassword,
    }),
  )
  if (!sent.answer) return { outcome: sent.outcome }
  if (sent.answer.status === 400 || sent.answer.status === 401) {
    return {
      outcome: {
        kind: 'pause',
        status: sent.answer.status,
        error: 'Bluesky refused the handle or app password. Connect it again to resume.',
      },
    }
  }
  const outcome = outcomeOf('bluesky', sent.answer)
  if (outcome.kind !== 'sent') return { outcome }
  const body = json(sent.answer.text)
  if (typeof body.accessJwt !== 'string' || typeof body.did !== 'string')
    return { outcome: { kind: 'retry', status: sent.answer.status, error: 'Bluesky answered without a session.' } }
  return { session: { accessJwt: body.accessJwt, did: body.did, handle: String(body.handle ?? handle) } }
}

/** Bluesky: the post, with its link as a facet and a card; the picture uploaded first (a card goes without it if that fails). */
export async function sendToBluesky(
  serverUrl: string,
  handle: string,
  appPassword: string,
  out: Outgoing,
  options: OutboundOptions,
): Promise<Outcome> {
  const opened = await blueskySession(serverUrl, handle, appPassword, options)
  if ('outcome' in opened) return opened.outcome
  const { session } = opened
  const auth = { authorization: `Bearer ${session.accessJwt}` }
  let thumb: unknown
  if (out.thumb && out.thumb.length <= 1_000_000) {
    const uploaded = await call('bluesky', options, {
      url: `${serverUrl}/xrpc/com.atproto.repo.uploadBlob`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/png' },
      body: out.thumb,
      timeoutMs: options.timeoutMs,
      rules: options.rules,
    })
    if (uploaded.answer?.status === 200) thumb = json(uploaded.answer.text).blob
  }
  const post = blueskyPost(out.announcement)
  const record = {
    $type: 'app.bsky.feed.post',
    text: post.text,
    facets: post.facets,
    createdAt: new Date().toISOString(),
    langs: ['en'],
    embed: {
      $type: 'app.bsky.embed.external',
      external: {
        uri: post.link,
        title: out.announcement.title,
        description: out.announcement.text.slice(0, 300),
        ...(thumb ? { thumb } : {}),
      },
    },
  }
  const sent = await call(
    'bluesky',
    options,
    jsonRequest(
      options,
      `${serverUrl}/xrpc/com.atproto.repo.createRecord`,
      { repo: session.did, collection: 'app.bsky.feed.post', record },
      auth,
    ),
  )
  if (!sent.answer) return sent.outcome
  const uri = json(sent.answer.text).uri
  const rkey = typeof uri === 'string' ? uri.split('/').pop() : undefined
  return outcomeOf('bluesky', sent.answer, rkey ? `https://bsky.app/profile/${session.handle}/post/${rkey}` : undefined)
}

/** Mastodon: the account the token belongs to (verify_credentials), to show which one is connected. */
export async function mastodonAccount(
  serverUrl: string,
  token: string,
  options: OutboundOptions,
): Promise<Outcome & { account?: string }> {
  const sent = await call('mastodon', options, {
    url: `${serverUrl}/api/v1/accounts/verify_credentials`,
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: options.timeoutMs,
    rules: options.rules,
  })
  if (!sent.answer) return sent.outcome
  const outcome = outcomeOf('mastodon', sent.answer)
  const acct = json(sent.answer.text).acct
  return { ...outcome, ...(typeof acct === 'string' ? { account: `@${acct}@${new URL(serverUrl).host}` } : {}) }
}

/** Mastodon: one public status; Mastodon makes the link's card from the page's own tags. */
export async function sendToMastodon(
  serverUrl: string,
  token: string,
  out: Outgoing,
  options: OutboundOptions,
): Promise<Outcome> {
  const sent = await call(
    'mastodon',
    options,
    jsonRequest(
      options,
      `${serverUrl}/api/v1/statuses`,
      { status: mastodonStatus(out.announcement), visibility: 'public', language: 'en' },
      { authorization: `Bearer ${token}`, 'idempotency-key': out.idempotencyKey },
    ),
  )
  if (!sent.answer) return sent.outcome
  const postUrl = json(sent.answer.text).url
  return outcomeOf('mastodon', sent.answer, typeof postUrl === 'string' ? postUrl : undefined)
}
