import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType, InferResponseType } from 'hono/client'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { DayRange } from '../../../lib/audience/date-range.ts'
import { clicksKey } from '../shared/use-link-figures.ts'
import { refresh } from '../shared/refresh.ts'

export type AudienceSummary = InferResponseType<typeof api.admin.analytics.summary.$get>
export type AudienceFigure = AudienceSummary['pages'][number]
export type AudienceSettings = InferResponseType<typeof api.admin.analytics.settings.$get>
type SettingsUpdate = InferRequestType<typeof api.admin.analytics.settings.$put>['json']

const summaryKey = ['admin', 'analytics', 'summary'] as const
const settingsKey = ['admin', 'analytics', 'settings'] as const

/**
 * The figures of a date range, `rows` rows a list; the last range's stay on screen while the next
 * one loads.
 */
export const useAudienceSummary = (range: DayRange, rows: number) =>
  useQuery({
    queryKey: [...summaryKey, range.from, range.to, rows],
    queryFn: () => unwrap(api.admin.analytics.summary.$get({ query: { ...range, limit: String(rows) } })),
    placeholderData: keepPreviousData,
  })

export const useAnalyticsSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => unwrap(api.admin.analytics.settings.$get()) })

export function useSaveAnalyticsSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: SettingsUpdate) => unwrap(api.admin.analytics.settings.$put({ json })),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved)
      void refresh(client, summaryKey, clicksKey)
    },
  })
}
