import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from './refresh.ts'

/**
 * Long AI work (bulk news, refresh all, scheduled runs) runs as jobs; the progress banner polls
 * them. The panel's QueryClient carries the spec's defaults (no retry, no refetch on focus, never
 * stale): polling is turned on here only while a job runs.
 */
export const jobsKey = ['admin', 'jobs'] as const

/** How often the progress banner re-reads the jobs while one is active. */
export const JOB_POLL_MS = 2_000

export function useJobs() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: () => unwrap(api.admin.jobs.$get()),
    refetchInterval: (query) => ((query.state.data?.active.length ?? 0) > 0 ? JOB_POLL_MS : false),
  })
}

export type JobSummary = NonNullable<ReturnType<typeof useJobs>['data']>['recent'][number]

/**
 * Jobs this panel started. The banner announces a job it saw running when it ends; a short job
 * can end before the banner's next read, so the jobs started here are announced too.
 */
export const startedJobs = new Set<number>()

/** Starts a job and lets the banner pick it up at once. */
export function useStartJob<V>(start: (vars: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: start,
    onSuccess: (answer) => {
      const id = (answer as { job?: { id?: unknown } } | undefined)?.job?.id
      if (typeof id === 'number') startedJobs.add(id)
      return refresh(client, jobsKey)
    },
  })
}
