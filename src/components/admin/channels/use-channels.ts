import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType, InferResponseType } from 'hono/client'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { ChannelKind } from '../../../lib/channels/messages.ts'
import { throwIfNotOk } from '../../../lib/http-error.ts'
import { refresh } from '../shared/refresh.ts'

const channels = api.admin.channels

export type ChannelsOverview = InferResponseType<typeof channels.$get>
export type ChannelView = ChannelsOverview['channels'][number]
export type ChannelDelivery = ChannelView['deliveries'][number]
export type WebhookView = ChannelsOverview['webhooks'][number]
export type WebhookInput = InferRequestType<typeof channels.webhooks.$post>['json']

/** What a connect form or a switch sends: the fields of one network's PUT (credentials are write-only). */
export type ChannelInput = {
  discord: InferRequestType<typeof channels.discord.$put>['json']
  bluesky: InferRequestType<typeof channels.bluesky.$put>['json']
  mastodon: InferRequestType<typeof channels.mastodon.$put>['json']
}

/** The Channels tab's one read (GET /api/admin/channels): read afresh each time the tab opens. */
export const channelsKey = ['admin', 'channels'] as const

export const useChannels = () =>
  useQuery({ queryKey: channelsKey, queryFn: () => unwrap(channels.$get()), staleTime: 0 })

function useChannelsMutation<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => refresh(client, channelsKey) })
}

/** Connects a network (with its credential) or changes what it announces (without one). */
export const useSaveChannel = () =>
  useChannelsMutation(({ kind, json }: { kind: ChannelKind; json: ChannelInput[ChannelKind] }) => {
    if (kind === 'discord') return unwrap(channels.discord.$put({ json: json as ChannelInput['discord'] }))
    if (kind === 'bluesky') return unwrap(channels.bluesky.$put({ json: json as ChannelInput['bluesky'] }))
    return unwrap(channels.mastodon.$put({ json: json as ChannelInput['mastodon'] }))
  })

export const useDisconnectChannel = () =>
  useChannelsMutation((kind: ChannelKind) => unwrap(channels[':kind'].$delete({ param: { kind } })))

export const useResumeChannel = () =>
  useChannelsMutation((kind: ChannelKind) => unwrap(channels[':kind'].resume.$post({ param: { kind } })))

/** 'Send Test': queued at once (202), sent after the answer; the list shows it when read again. */
export const useTestChannel = () =>
  useChannelsMutation((kind: ChannelKind) => unwrap(channels[':kind'].test.$post({ param: { kind } })))

/** 'Share now' of a published article on every connected channel (the News tab). */
export const useShareArticle = () =>
  useChannelsMutation((articleId: number) => unwrap(channels.share.$post({ json: { articleId } })))

/** Adds a webhook; the answer holds its signing secret, this once. */
export const useAddWebhook = () =>
  useChannelsMutation((json: WebhookInput) => unwrap(channels.webhooks.$post({ json })))

export const useUpdateWebhook = () =>
  useChannelsMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    unwrap(channels.webhooks[':id'].$put({ param: { id: String(id) }, json: { enabled } })),
  )

export const useRemoveWebhook = () =>
  useChannelsMutation(async (id: number) => {
    // 204: no body to read, only a failure's.
    await throwIfNotOk(await channels.webhooks[':id'].$delete({ param: { id: String(id) } }))
  })

export const useRedeliver = () =>
  useChannelsMutation(({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
    unwrap(
      channels.webhooks[':id'].deliveries[':deliveryId'].redeliver.$post({
        param: { id: String(webhookId), deliveryId: String(deliveryId) },
      }),
    ),
  )
