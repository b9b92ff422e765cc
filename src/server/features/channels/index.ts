import { Hono } from 'hono'
import { channelKinds } from '../../../lib/channels/messages.ts'
import { defineFeature, safely } from '../feature.ts'
import { announcingChannels, addDeliveries } from './channels.repo.ts'
import { channelsAdminRoutes } from './channels.routes.ts'
import { sendAllDue } from './send-all.ts'
import { addWebhookDeliveries } from './webhooks.repo.ts'

/**
 * Reaching readers where they are (docs/decisions/0860): every article that becomes public and
 * every race result imported is announced on the owner's Discord, Bluesky and Mastodon, once per
 * network; every event of the site goes to the owner's webhooks, signed. Made from the site's
 * events in their own transaction, sent after the answer and by every tick, never in the way of a
 * save.
 */
export const channels = defineFeature({
  name: 'channels',
  api: new Hono().route('/admin/channels', channelsAdminRoutes),
  async siteEvents(tx, event) {
    await addWebhookDeliveries(tx, event)
    if (event.kind === 'article.published') {
      const id = Number(event.subject.split(':')[1])
      const kinds = await announcingChannels(tx, 'articles')
      await addDeliveries(
        tx,
        kinds.map((channel) => ({ channel, subjectKind: 'article', subjectId: id, reason: 'announce' })),
      )
    }
    if (event.kind === 'results.imported') {
      const kinds = await announcingChannels(tx, 'results')
      const sessionId = Number(event.data.sessionId)
      await addDeliveries(
        tx,
        kinds.map((channel) => ({
          channel,
          subjectKind: 'results',
          subjectId: sessionId,
          reason: 'announce',
          data: event.data,
        })),
      )
    }
  },
  afterWrite(platform, waitUntil) {
    waitUntil?.(sendAllDue(platform).catch((error) => console.warn('[channels] sending failed:', error)))
  },
  async tick(platform, now) {
    return safely('send the channels and webhooks', async () => {
      await sendAllDue(platform, now)
      return {}
    })
  },
  // The connections are credentials sealed with this site's SECRETS_KEY, and the deliveries a ledger:
  // neither is content a backup restores (a restore elsewhere connects the channels again).
})

export { channelKinds }
