import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useStartJob } from '../shared/use-jobs.ts'

const standingsKey = ['championships-standings'] as const

/** The shell's banner follows this call by its key (shell/pending-ai-banner.tsx). */
export const generateStandingsKey = ['ai', 'generate-standings'] as const

/**
 * Spec 001 section 7: 10 drivers; the standings list is read again afterwards. The toasts are the
 * mutation's own, so they come even when the owner has left the tab meanwhile.
 */
export function useGenerateStandings() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: generateStandingsKey,
    mutationFn: (championshipName: string) =>
      unwrap(api.admin['generate-championship-standings'].$post({ json: { championshipName, numberOfDrivers: 10 } })),
    onSuccess: (result) => {
      notify.success('Championship Standings Generated', `${result.championship} standings are up to date.`)
      return refresh(client, standingsKey)
    },
    // The spec's words, then what went wrong (a refused answer says why in words).
    onError: (error) => {
      if (!isUnauthorized(error))
        notify.failed('Generation Failed', 'Failed to generate championship standings. Please try again.', error)
    },
  })
}

export const useGeneratingStandings = () => useIsMutating({ mutationKey: generateStandingsKey }) > 0

export const useRefreshAllStandings = () => useStartJob(() => unwrap(api.admin['refresh-all-standings'].$post()))
