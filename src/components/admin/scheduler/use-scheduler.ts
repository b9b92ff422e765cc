import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { send } from '../shared/http.ts'
import type { AdminSchedulerConfig } from '../shared/types.ts'

const key = ['scheduler-config']

/** GET /api/admin/scheduler/config answers { config }. */
export const useSchedulerConfig = () =>
  useQuery({
    queryKey: key,
    queryFn: async () => (await send<{ config: AdminSchedulerConfig }>('GET', '/api/admin/scheduler/config')).config,
  })

/** POST /api/admin/scheduler/config: the parts sent are merged into the stored config. */
export function useSaveSchedulerConfig() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (update: Partial<AdminSchedulerConfig>) =>
      send<{ config: AdminSchedulerConfig }>('POST', '/api/admin/scheduler/config', update),
    onSuccess: (answer) => client.setQueryData(key, answer.config),
  })
}
