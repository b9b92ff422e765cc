import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { useStartJob } from '../shared/use-jobs.ts'

const standingsKey = ['championships-standings'] as const

/** Spec 001 section 7: 10 drivers; the standings list is read again afterwards. */
export function useGenerateStandings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (championshipName: string) =>
      unwrap(api.admin['generate-championship-standings'].$post({ json: { championshipName, numberOfDrivers: 10 } })),
    onSuccess: () => refresh(client, standingsKey),
  })
}

export const useRefreshAllStandings = () => useStartJob(() => unwrap(api.admin['refresh-all-standings'].$post()))
