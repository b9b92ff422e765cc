import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { LinkKind } from '../../../lib/audience/go-links.ts'
import { refresh } from './refresh.ts'
import { jobsKey, startedJobs } from './use-jobs.ts'

/**
 * Purchase links and game websites as the Hardware, Games, Audience and System tabs see them
 * (docs/decisions/0852, 0853): their clicks over 7 and 30 days, and their last link check.
 */
export const clicksKey = ['admin', 'analytics', 'clicks'] as const
export const linkHealthKey = ['admin', 'link-health'] as const

/** How often the link health is read again while a check runs. */
export const LINK_CHECK_POLL_MS = 1_500

export type ItemClicks = InferResponseType<typeof api.admin.analytics.clicks.$get>['items'][number]
export type LinkHealthAnswer = InferResponseType<(typeof api.admin)['link-health']['$get']>
export type LinkHealth = LinkHealthAnswer['links'][number]

export const useItemClicks = () =>
  useQuery({ queryKey: clicksKey, queryFn: () => unwrap(api.admin.analytics.clicks.$get()) })

/** One item's clicks, from the tab's one read of them all. */
export function useClicksOf(kind: LinkKind, id: number): ItemClicks | undefined {
  const { data } = useItemClicks()
  return data?.items.find((item) => item.kind === kind && item.id === id)
}

/** The last check of every link; read again every moment while a check runs. */
export const useLinkHealth = () =>
  useQuery({
    queryKey: linkHealthKey,
    queryFn: () => unwrap(api.admin['link-health'].$get()),
    refetchInterval: (query) => (query.state.data?.running ? LINK_CHECK_POLL_MS : false),
  })

/** 'Check links now': starts a check (or answers the one running) and follows it. */
export function useCheckLinksNow() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.admin['link-health'].checks.$post()),
    onSuccess: (answer) => {
      startedJobs.add(answer.job.id)
      void refresh(client, linkHealthKey, jobsKey)
    },
  })
}
