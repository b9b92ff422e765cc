import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query'
import { atom } from 'nanostores'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useStartJob } from '../shared/use-jobs.ts'

const standingsKey = ['championships-standings'] as const

/** The shell's banner follows this call by its key (shell/pending-ai-banner.tsx). */
export const generateStandingsKey = ['ai', 'generate-standings'] as const

type Generated = Awaited<ReturnType<typeof generate>>
const generate = (championshipName: string) =>
  unwrap(api.admin['generate-championship-standings'].$post({ json: { championshipName, numberOfDrivers: 10 } }))

/**
 * An AI table that differs from its official counterpart, waiting for the owner's decision
 * (docs/decisions/0420): the review dialog shows it, wherever the owner is in the panel.
 */
export const $aiReview = atom<Generated | null>(null)

function comparedWords(result: Generated): string {
  if (!result.review) return ''
  if (result.review.officialError)
    return ` The official results could not be read to compare (${result.review.officialError}): it is labelled AI-generated.`
  return ' It matches the official results (Jolpica-F1).'
}

/**
 * Spec 001 section 7: 10 drivers; the standings list is read again afterwards. The toasts are the
 * mutation's own, so they come even when the owner has left the tab meanwhile.
 */
export function useGenerateStandings() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: generateStandingsKey,
    mutationFn: generate,
    onSuccess: (result) => {
      if (!result.saved) {
        $aiReview.set(result)
        return
      }
      notify.success(
        'Championship Standings Generated',
        `${result.championship} standings are up to date.${comparedWords(result)}`,
      )
      return refresh(client, standingsKey)
    },
    // The spec's words, then what went wrong (a refused answer says why in words).
    onError: (error) => {
      if (!isUnauthorized(error))
        notify.failed('Generation Failed', 'Failed to generate championship standings. Please try again.', error)
    },
  })
}

/** The owner keeps the AI's table after seeing its differences. */
export function useSaveReviewedStandings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (result: Generated) =>
      unwrap(
        api.admin['save-reviewed-standings'].$post({
          json: {
            championshipName: result.standings.championshipName,
            season: result.standings.season,
            completedRounds: result.standings.completedRounds,
            totalRounds: result.standings.totalRounds,
            standings: result.standings.standings,
            sources: result.standings.sourceUrls,
          },
        }),
      ),
    onSuccess: () => refresh(client, standingsKey),
  })
}

export const useGeneratingStandings = () => useIsMutating({ mutationKey: generateStandingsKey }) > 0

export const useRefreshAllStandings = () => useStartJob(() => unwrap(api.admin['refresh-all-standings'].$post()))
