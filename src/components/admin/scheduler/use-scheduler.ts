import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import type { AdminSchedulerConfig } from '../shared/types.ts'
import { jobsKey } from '../shared/use-jobs.ts'

const key = ['scheduler-config']

/** GET /api/admin/scheduler/config answers { config }. */
export const useSchedulerConfig = () =>
  useQuery({ queryKey: key, queryFn: async () => (await unwrap(api.admin.scheduler.config.$get())).config })

/** POST /api/admin/scheduler/config: the parts sent are merged into the stored config. */
export function useSaveSchedulerConfig() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: Partial<AdminSchedulerConfig>) => unwrap(api.admin.scheduler.config.$post({ json })),
    onSuccess: (answer) => client.setQueryData(key, answer.config),
  })
}

const runsKey = ['admin', 'scheduler', 'runs'] as const

export function useSchedulerRuns() {
  return useQuery({ queryKey: runsKey, queryFn: () => unwrap(api.admin.scheduler.runs.$get()) })
}

export function useRunTestNow() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.admin.scheduler['test-now'].$post()),
    onSuccess: () => {
      void refresh(client, runsKey)
      void refresh(client, jobsKey)
    },
  })
}

const estimateQuery = {
  queryKey: ['admin', 'scheduler', 'test-mode-estimate'],
  queryFn: () => unwrap(api.admin.scheduler['test-mode-estimate'].$get()),
}

/** What test mode would spend per hour and day (the confirm dialog before enabling it). */
export const useTestModeEstimate = () => useQuery(estimateQuery)

/**
 * The estimate at the moment the owner asks for test mode: the one already read, or the read still
 * under way (awaited: a click before it answered had been told 'could not be loaded'), or one more
 * try after a failed read. Undefined only when it cannot be read.
 */
export function useEstimateNow() {
  const client = useQueryClient()
  return () => client.ensureQueryData(estimateQuery).catch(() => undefined)
}
