import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api, unwrap } from '../../../lib/api-client.ts'
import { panelTime, type PanelTime } from '../../../lib/panel-time.ts'
import { DEFAULT_TIME_ZONE } from '../../../lib/time-zone.ts'

const key = ['admin', 'time-zone'] as const

/** The site's time zone (System tab; decision 0512): the panel's times and 'Publish at' use it. */
export const useTimeZoneQuery = () => useQuery({ queryKey: key, queryFn: () => unwrap(api.admin['time-zone'].$get()) })

/**
 * The zone to show times in. The shell shows no tab before the setting has arrived
 * (shell/admin-shell.tsx), so a tab never shows a time in UTC first and in the site's zone after.
 */
export const useTimeZone = (): string => useTimeZoneQuery().data?.timeZone ?? DEFAULT_TIME_ZONE

/**
 * Every time the panel shows goes through this (src/lib/panel-time.ts): the site's zone, its name
 * where a time is shown, datetime-local fields read on its clock. A tab writes
 * `const time = usePanelTime()` and then `time.dateTime(row.createdAt)`, `time.long(...)`, ...
 */
export function usePanelTime(): PanelTime {
  const zone = useTimeZone()
  return useMemo(() => panelTime(zone), [zone])
}

export function useSaveTimeZone() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (timeZone: string) => unwrap(api.admin['time-zone'].$put({ json: { timeZone } })),
    onSuccess: (answer) => client.setQueryData(key, answer),
  })
}
