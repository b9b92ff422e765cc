import type { Platform } from '../../platform.ts'
import { deliverDue, type DeliveryReport } from './deliver.ts'
import { deliverWebhooks, type WebhookReport } from './webhook-deliver.ts'

/** Everything due of this feature: the channels' messages and the webhooks' deliveries, side by side. */
export async function sendAllDue(
  platform: Platform,
  now = new Date(),
): Promise<{ channels: DeliveryReport; webhooks: WebhookReport }> {
  const [channels, webhooks] = await Promise.all([
    deliverDue(platform, now),
    deliverWebhooks(platform.external.outbound, now),
  ])
  return { channels, webhooks }
}
