import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { DEFAULT_TIME_ZONE } from '../../../lib/time-zone.ts'

const key = ['admin', 'time-zone'] as const

/** The site's time zone (System tab; decision 0512): the panel's times and 'Publish at' use it. */
export const useTimeZoneQuery = () => useQuery({ queryKey: key, queryFn: () => unwrap(api.admin['time-zone'].$get()) })

/** The zone to show times in: UTC until the setting has arrived (a tab that shows times waits for it). */
export const useTimeZone = (): string => useTimeZoneQuery().data?.timeZone ?? DEFAULT_TIME_ZONE

export function useSaveTimeZone() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (timeZone: string) => unwrap(api.admin['time-zone'].$put({ json: { timeZone } })),
    onSuccess: (answer) => client.setQueryData(key, answer),
  })
}
