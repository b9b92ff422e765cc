import { Hono, type Context } from 'hono'
import { channelKinds, channelLabels, type ChannelKind } from '../../../lib/channels/messages.ts'
import {
  blueskyContract,
  DISCORD_WEBHOOK,
  discordContract,
  discordWebhookMessage,
  mastodonContract,
  shareContract,
  webhookContract,
  webhookUpdateContract,
} from '../../../lib/forms/channels.ts'
import { siteEventKinds, siteEventLabels } from '../../../lib/site-events.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { canKeepSecrets, noSecretsKeyMessage } from '../../auth/secret-box.ts'
import { db } from '../../db/client.ts'
import { addressProblem } from '../../external/public-address.ts'
import { noStore } from '../../http/cache.ts'
import { ApiError, badRequest, notFound } from '../../http/errors.ts'
import { waitUntilOf } from '../../http/netlify.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import type { Platform } from '../../platform.ts'
import { getNews } from '../../repos/news.repo.ts'
import {
  addDeliveries,
  getChannel,
  listChannels,
  recentDeliveries,
  removeChannel,
  resumeChannel,
  saveChannel,
  setSwitches,
  type ChannelRow,
  type DeliveryRow,
} from './channels.repo.ts'
import { sendAllDue } from './send-all.ts'
import { blueskySession, discordWebhookName, mastodonAccount, type Outcome } from './networks.ts'
import {
  addWebhook,
  listWebhooks,
  recentWebhookDeliveries,
  redeliver,
  removeWebhook,
  updateWebhook,
  type WebhookDeliveryRow,
  type WebhookRow,
} from './webhooks.repo.ts'

const BLUESKY_DEFAULT_SERVER = 'https://bsky.social'

const errorOf = (outcome: Outcome): string => ('error' in outcome ? outcome.error : '')

const deliveryView = (d: DeliveryRow) => ({
  id: d.id,
  subjectKind: d.subjectKind,
  subjectId: d.subjectId,
  reason: d.reason,
  status: d.status,
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  postUrl: d.postUrl,
  createdAt: d.createdAt,
  sentAt: d.sentAt,
  nextAttemptAt: d.nextAttemptAt,
})

/** A channel as the owner sees it: never its credential. */
async function channelView(kind: ChannelKind, row: ChannelRow | undefined) {
  return {
    kind,
    label: channelLabels[kind],
    connected: row !== undefined,
    account: row?.account ?? '',
    serverUrl: row?.serverUrl ?? null,
    announceArticles: row?.announceArticles ?? true,
    announceResults: row?.announceResults ?? true,
    paused: row?.pausedAt ? { at: row.pausedAt, reason: row.pausedReason ?? '' } : null,
    deliveries: row ? (await recentDeliveries(kind)).map(deliveryView) : [],
  }
}

const webhookDeliveryView = (d: WebhookDeliveryRow) => ({
  id: d.id,
  messageId: d.messageId,
  event: d.event,
  subject: d.subject,
  status: d.status,
  attempts: d.attempts,
  answerStatus: d.answerStatus,
  answer: d.answer,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
})

/** A webhook as the owner sees it: its host, never its whole address or secret. */
const webhookView = async (w: WebhookRow) => ({
  id: w.id,
  host: w.host,
  events: w.events,
  enabled: w.enabled,
  createdAt: w.createdAt,
  deliveries: (await recentWebhookDeliveries(w.id)).map(webhookDeliveryView),
})

/** The messages a write made due, sent after the answer (none in-process: the tick sends them there). */
function sendSoon(c: Context, platform: Platform) {
  waitUntilOf(c)?.(sendAllDue(platform).catch((error) => console.warn('[channels] sending failed:', error)))
}

function requireKey() {
  if (!canKeepSecrets()) throw new ApiError(409, noSecretsKeyMessage)
}

const kindOf = (value: string): ChannelKind => {
  if (!(channelKinds as readonly string[]).includes(value)) throw notFound('Channel not found')
  return value as ChannelKind
}

/** An instance or server address as kept: its origin, held to the rules every outside address is. */
async function serverOrigin(platform: Platform, value: string, what: string): Promise<string> {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw badRequest(`Enter the ${what} address, such as https://mastodon.social.`)
  }
  const problem = await addressProblem(url.origin, platform.external.outbound.rules)
  if (problem) throw badRequest(`The ${what} address cannot be used: ${problem}`)
  return url.origin
}

/**
 * The Channels tab (docs/decisions/0860): Discord, Bluesky and Mastodon, each connected with its
 * credential (checked with the network before it is kept, sealed with SECRETS_KEY, never answered),
 * what each announces, 'Send Test', 'Resume' after the network refused it, the last deliveries;
 * 'Share now' of an article; the webhooks with their events, deliveries and 'Redeliver'.
 */
export const channelsAdminRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => {
    const rows = new Map((await listChannels()).map((r) => [r.kind as ChannelKind, r]))
    return c.json({
      canKeepSecrets: canKeepSecrets(),
      channels: await Promise.all(channelKinds.map((kind) => channelView(kind, rows.get(kind)))),
      webhooks: await Promise.all((await listWebhooks()).map(webhookView)),
      events: siteEventKinds.map((kind) => ({ kind, label: siteEventLabels[kind] })),
    })
  })
  .put('/discord', jsonBody(discordContract.schema), async (c) => {
    const body = c.req.valid('json')
    const platform = c.var.platform
    if (!body.webhookUrl) return c.json(await switchesOnly(c, 'discord', body))
    requireKey()
    const local =
      platform.external.outbound.rules.allowLoopback &&
      /^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\//.test(body.webhookUrl)
    if (!DISCORD_WEBHOOK.test(body.webhookUrl) && !local) throw badRequest(discordWebhookMessage)
    const checked = await discordWebhookName(body.webhookUrl, platform.external.outbound)
    if (checked.kind !== 'sent') throw badRequest(`Discord did not accept the webhook: ${errorOf(checked)}`)
    const row = await saveChannel({
      kind: 'discord',
      account: checked.name ?? 'Discord webhook',
      serverUrl: checked.serverUrl ?? null,
      credential: body.webhookUrl,
      ...body,
    })
    recordWrite(c, { entity: 'channels', summary: 'Connected Discord' })
    return c.json(await channelView('discord', row))
  })
  .put('/bluesky', jsonBody(blueskyContract.schema), async (c) => {
    const body = c.req.valid('json')
    const platform = c.var.platform
    if (!body.appPassword) return c.json(await switchesOnly(c, 'bluesky', body))
    requireKey()
    if (!body.handle) throw badRequest('Enter the Bluesky handle, such as simracing.bsky.social.')
    const handle = body.handle.replace(/^@/, '').toLowerCase()
    const serverUrl = await serverOrigin(platform, body.serverUrl || BLUESKY_DEFAULT_SERVER, 'Bluesky server')
    const opened = await blueskySession(serverUrl, handle, body.appPassword, platform.external.outbound)
    if ('outcome' in opened) throw badRequest(errorOf(opened.outcome))
    const row = await saveChannel({
      kind: 'bluesky',
      account: opened.session.handle,
      serverUrl,
      credential: body.appPassword,
      ...body,
    })
    recordWrite(c, { entity: 'channels', summary: `Connected Bluesky (@${opened.session.handle})` })
    return c.json(await channelView('bluesky', row))
  })
  .put('/mastodon', jsonBody(mastodonContract.schema), async (c) => {
    const body = c.req.valid('json')
    const platform = c.var.platform
    if (!body.accessToken) return c.json(await switchesOnly(c, 'mastodon', body))
    requireKey()
    if (!body.serverUrl) throw badRequest('Enter the Mastodon instance address, such as https://mastodon.social.')
    const serverUrl = await serverOrigin(platform, body.serverUrl, 'Mastodon instance')
    const checked = await mastodonAccount(serverUrl, body.accessToken, platform.external.outbound)
    if (checked.kind !== 'sent') throw badRequest(`Mastodon did not accept the access token: ${errorOf(checked)}`)
    const row = await saveChannel({
      kind: 'mastodon',
      account: checked.account ?? new URL(serverUrl).host,
      serverUrl,
      credential: body.accessToken,
      ...body,
    })
    recordWrite(c, { entity: 'channels', summary: `Connected Mastodon (${row.account})` })
    return c.json(await channelView('mastodon', row))
  })
  .delete('/:kind', async (c) => {
    const kind = kindOf(c.req.param('kind'))
    if (!(await removeChannel(kind))) throw notFound('Channel not found')
    recordWrite(c, { entity: 'channels', summary: `Disconnected ${channelLabels[kind]}` })
    return c.json(await channelView(kind, undefined))
  })
  .post('/:kind/resume', async (c) => {
    const kind = kindOf(c.req.param('kind'))
    const row = await resumeChannel(kind)
    if (!row) throw notFound('Channel not found')
    recordWrite(c, { entity: 'channels', summary: `Resumed ${channelLabels[kind]}` })
    sendSoon(c, c.var.platform)
    return c.json(await channelView(kind, row))
  })
  .post('/:kind/test', async (c) => {
    const kind = kindOf(c.req.param('kind'))
    const row = await getChannel(kind)
    if (!row) throw notFound('Channel not found')
    if (row.pausedAt) throw new ApiError(409, `${channelLabels[kind]} is paused: resume it first.`)
    await addDeliveries(db(), [{ channel: kind, subjectKind: 'test', subjectId: null, reason: 'test' }])
    recordWrite(c, { entity: 'channels', summary: `Sent a test to ${channelLabels[kind]}` })
    sendSoon(c, c.var.platform)
    return c.json(await channelView(kind, row), 202)
  })
  .post('/share', jsonBody(shareContract.schema), async (c) => {
    const { articleId } = c.req.valid('json')
    const article = await getNews(articleId)
    if (!article) throw notFound('Only a published article can be shared.')
    // In the tab's order (Discord, Bluesky, Mastodon), as the owner's toast names them.
    const connected = (await listChannels())
      .filter((r) => !r.pausedAt)
      .sort((a, b) => channelKinds.indexOf(a.kind as ChannelKind) - channelKinds.indexOf(b.kind as ChannelKind))
    if (connected.length === 0) throw new ApiError(409, 'No channel is connected: connect one in the Channels tab.')
    await addDeliveries(
      db(),
      connected.map((r) => ({
        channel: r.kind as ChannelKind,
        subjectKind: 'article' as const,
        subjectId: articleId,
        reason: 'share' as const,
      })),
    )
    recordWrite(c, { entity: 'news', id: articleId, summary: `Shared "${article.title}" on the channels` })
    sendSoon(c, c.var.platform)
    return c.json({ channels: connected.map((r) => r.kind) }, 202)
  })
  .post('/webhooks', jsonBody(webhookContract.schema), async (c) => {
    const { url, events } = c.req.valid('json')
    requireKey()
    const problem = await addressProblem(url, c.var.platform.external.outbound.rules)
    if (problem) throw badRequest(`This address cannot receive webhooks: ${problem}`)
    const { row, secret } = await addWebhook(url, events)
    recordWrite(c, { entity: 'webhooks', id: row.id, summary: `Added a webhook to ${row.host}` })
    // The signing secret, this once: the receiver needs it; no answer gives it again.
    return c.json({ webhook: await webhookView(row), secret }, 201)
  })
  .put('/webhooks/:id', idParams(), jsonBody(webhookUpdateContract.schema), async (c) => {
    const row = await updateWebhook(c.req.valid('param').id, c.req.valid('json'))
    if (!row) throw notFound('Webhook not found')
    recordWrite(c, { entity: 'webhooks', id: row.id, summary: `Changed the webhook to ${row.host}` })
    return c.json(await webhookView(row))
  })
  .delete('/webhooks/:id', idParams(), async (c) => {
    const id = c.req.valid('param').id
    if (!(await removeWebhook(id))) throw notFound('Webhook not found')
    recordWrite(c, { entity: 'webhooks', id, summary: 'Removed a webhook' })
    return c.body(null, 204)
  })
  .post('/webhooks/:id/deliveries/:deliveryId/redeliver', idParams('id', 'deliveryId'), async (c) => {
    const { id, deliveryId } = c.req.valid('param')
    const row = await redeliver(id, deliveryId)
    if (!row) throw notFound('Delivery not found')
    recordWrite(c, { entity: 'webhooks', id, summary: `Redelivered ${row.messageId}` })
    sendSoon(c, c.var.platform)
    return c.json(webhookDeliveryView(row), 202)
  })

/** A form sent without a credential: the switches of a connected channel change, nothing else. */
async function switchesOnly(
  c: Context,
  kind: ChannelKind,
  body: { announceArticles?: boolean; announceResults?: boolean },
) {
  const row = await setSwitches(kind, {
    announceArticles: body.announceArticles,
    announceResults: body.announceResults,
  })
  if (!row) throw badRequest(`Enter the ${channelLabels[kind]} credential to connect it.`)
  recordWrite(c, { entity: 'channels', summary: `Changed what ${channelLabels[kind]} announces` })
  return channelView(kind, row)
}
