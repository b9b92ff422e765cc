import { useStore } from '@nanostores/react'
import { Dialog } from 'radix-ui'
import { JOLPICA_NAME } from '../../../lib/standings-source.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useSetSource } from './use-championship-sources.ts'
import { $aiReview, useSaveReviewedStandings } from './use-standings-ai.ts'

/**
 * The owner's decision on an AI table that differs from the official results (docs/decisions/0420):
 * its differences, then Save AI Table (labelled AI-generated), Use Official Results (the
 * championship reads Jolpica-F1 from now on) or Cancel (nothing is saved).
 */
export function AiTableReview() {
  const result = useStore($aiReview)
  const saveAi = useSaveReviewedStandings()
  const switchToOfficial = useSetSource()
  const close = () => $aiReview.set(null)
  const busy = saveAi.isPending || switchToOfficial.isPending
  const review = result?.review
  const season = review?.official?.season ?? 'current'

  const keepAi = () => {
    if (!result) return
    saveAi.mutate(result, {
      onSuccess: () => {
        notify.success(
          'Championship Standings Generated',
          `${result.championship} standings are saved, labelled AI-generated.`,
        )
        close()
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the AI table', error)
      },
    })
  }
  const official = () => {
    if (!result) return
    switchToOfficial.mutate(
      { championshipName: result.championship, source: 'jolpica', series: 'f1', sourceSeason: season },
      {
        onSuccess: (set) => {
          notify.success('Source Saved', `${set.championshipName} now shows the official results (${JOLPICA_NAME}).`)
          close()
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to read the official results', error)
        },
      },
    )
  }

  return (
    <Dialog.Root open={result !== null} onOpenChange={(open) => !open && !busy && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(40rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-xl border border-line bg-panel p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold text-white">Check the AI Table</Dialog.Title>
          <Dialog.Description className="mt-2 text-gray-300">
            The AI's {result?.championship} table differs from the official results ({JOLPICA_NAME}, season {season}) in{' '}
            {review?.differences.length ?? 0} {review?.differences.length === 1 ? 'place' : 'places'}. Nothing is saved
            until you choose.
          </Dialog.Description>
          <ul className="mt-4 flex flex-col gap-1 text-sm" aria-label="Differences from the official results">
            {review?.differences.map((d) => (
              <li key={`${d.position}-${d.kind}`} className="rounded bg-ink/60 px-3 py-1.5 text-gray-200">
                {d.text}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className="btn-outline" disabled={busy}>
              Cancel
            </Dialog.Close>
            <button type="button" className="btn-outline" onClick={keepAi} disabled={busy}>
              Save AI Table
            </button>
            <button type="button" className="btn-primary" onClick={official} disabled={busy}>
              Use Official Results
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
