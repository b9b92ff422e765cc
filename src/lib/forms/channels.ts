import { z } from 'zod'
import { siteEventKinds } from '../site-events.ts'
import { formContract } from './contract.ts'

/**
 * The Channels tab's forms (docs/decisions/0860): the credentials of Discord, Bluesky and Mastodon,
 * the switches of what each announces, and the webhooks. The credential fields are write-only: the
 * API never answers them, so a form sent without one keeps the one stored.
 */
const MAX_URL = 500

const switches = {
  announceArticles: z.boolean({ message: "'Announce articles' must be on or off." }).optional(),
  announceResults: z.boolean({ message: "'Announce race results' must be on or off." }).optional(),
}

/** A Discord webhook's address, as Discord gives it (Server Settings, Integrations, Webhooks, Copy Webhook URL). */
export const DISCORD_WEBHOOK =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/\d{5,25}\/[\w-]{20,200}$/

export const discordWebhookMessage =
  'Paste the webhook URL Discord gives (Server Settings, Integrations, Webhooks, Copy Webhook URL): https://discord.com/api/webhooks/…'

export const discordContract = formContract(
  z.object({ webhookUrl: z.string().trim().max(MAX_URL, discordWebhookMessage).optional(), ...switches }),
  'Error',
)

/** A Bluesky handle: a domain name ('team.bsky.social', 'simracing.example'), a leading @ allowed. */
export const BLUESKY_HANDLE =
  /^@?(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i

export const blueskyContract = formContract(
  z.object({
    serverUrl: z.string().trim().max(MAX_URL, 'The server address is too long.').optional(),
    handle: z
      .string({ message: 'Enter the Bluesky handle, such as simracing.bsky.social.' })
      .trim()
      .regex(BLUESKY_HANDLE, 'Enter the Bluesky handle, such as simracing.bsky.social.')
      .optional(),
    appPassword: z.string().trim().max(200, 'The app password is too long.').optional(),
    ...switches,
  }),
  'Error',
)

export const mastodonContract = formContract(
  z.object({
    serverUrl: z.string().trim().max(MAX_URL, 'The instance address is too long.').optional(),
    accessToken: z.string().trim().max(500, 'The access token is too long.').optional(),
    ...switches,
  }),
  'Error',
)

export const webhookEventsMessage = 'Choose at least one event.'

const events = z
  .array(z.enum(siteEventKinds, { message: 'An event is not one of the list.' }), { message: webhookEventsMessage })
  .min(1, webhookEventsMessage)
  .max(siteEventKinds.length)
  .transform((list) => [...new Set(list)])

export const webhookContract = formContract(
  z.object({
    url: z
      .string({ message: 'Enter the address to send to.' })
      .trim()
      .min(1, 'Enter the address to send to.')
      .max(MAX_URL, 'The address is too long.'),
    events,
  }),
  'Error',
)

export const webhookUpdateContract = formContract(
  z.object({ events: events.optional(), enabled: z.boolean({ message: "'Enabled' must be on or off." }).optional() }),
  'Error',
)

export const shareContract = formContract(
  z.object({ articleId: z.number({ message: 'Choose an article.' }).int().min(1, 'Choose an article.') }),
  'Error',
)
