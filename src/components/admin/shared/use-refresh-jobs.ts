import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { useJobs, useStartJob } from './use-jobs.ts'

/** What each refresh is called in the API and in the jobs list. */
export type RefreshTarget = 'streams' | 'games'

const start = {
  streams: () => unwrap(api.admin['refresh-streams'].$post()),
  games: () => unwrap(api.admin['refresh-games'].$post()),
}

/** POST /api/admin/refresh-streams | refresh-games: the job starts and the progress banner picks it up. */
export const useStartRefresh = (target: RefreshTarget) => useStartJob(start[target])

/** A refresh of this kind (started here or by the scheduler) is running: the button stays busy. */
export function useRefreshRunning(target: RefreshTarget): boolean {
  const { data } = useJobs()
  return (data?.active ?? []).some((job) => job.kind === `refresh-${target}` || job.kind === `scheduled-${target}`)
}

/** Which stream platforms have their keys (GET /api/admin/refresh-status). */
export const useRefreshStatus = () =>
  useQuery({ queryKey: ['admin', 'refresh-status'], queryFn: () => unwrap(api.admin['refresh-status'].$get()) })
