import { useState, type FormEvent } from 'react'
import { useGenerateStandings, useGeneratingStandings, useRefreshAllStandings } from './use-standings-ai.ts'
import { notify } from '../shared/toast.ts'
import { useAiReady } from '../shared/ai-not-configured.tsx'
import { FailureNotice, JobFailureNotice, type Failure } from '../shared/failure-notice.tsx'
import { AiTableReview } from './ai-table-review.tsx'
import { RefreshReport } from './refresh-report.tsx'
import { useStandings } from './use-standings.ts'

/** Spec 001 section 9. */
export const QUICK_CHAMPIONSHIPS = ['Formula 1', 'MotoGP', 'NASCAR', 'IndyCar', 'WRC', 'Formula E', 'IMSA', 'WEC']

/** The championships tab's AI standings generator and its refresh-all button. */
export function ChampionshipGenerator() {
  const [name, setName] = useState('')
  const generate = useGenerateStandings()
  const generating = useGeneratingStandings()
  const refreshAll = useRefreshAllStandings()
  const { ready, notice, noticeId } = useAiReady('perplexity')
  const [refreshFailure, setRefreshFailure] = useState<Failure | null>(null)
  // Official and race results refresh without the AI (docs/decisions/0420).
  const anyRealSource = (useStandings().data ?? []).some((s) => s.source !== 'ai')

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    const championship = name.trim()
    if (!championship) {
      notify.failure('Championship Required', 'Please enter a championship name to generate standings')
      return
    }
    generate.mutate(championship)
  }

  return (
    <section aria-labelledby="standings-generator-heading" className="rounded-xl border border-line p-5">
      <h3 id="standings-generator-heading" className="mb-4 text-lg font-bold text-white">
        Generate Standings with AI
      </h3>
      {notice}
      <form onSubmit={submit} className="flex flex-wrap gap-2">
        <label className="sr-only" htmlFor="championship-name">
          Championship name
        </label>
        <input
          id="championship-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Formula 1"
          // A line of its own on a phone: beside the button it was squeezed to 'e.g. Formula...' (issue 36).
          className="min-w-0 flex-[1_1_14rem] rounded border border-line bg-transparent px-3 py-2"
        />
        <button type="submit" className="btn-primary" disabled={!ready || generating} aria-describedby={noticeId}>
          {generating ? 'Generating…' : 'Generate Standings'}
        </button>
      </form>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quick choices">
        {QUICK_CHAMPIONSHIPS.map((choice) => (
          <button key={choice} type="button" className="btn-outline text-xs" onClick={() => setName(choice)}>
            {choice}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="btn-outline mt-4"
        disabled={(!ready && !anyRealSource) || refreshAll.isPending}
        aria-describedby={noticeId}
        onClick={() => {
          setRefreshFailure(null)
          refreshAll.mutate(undefined, {
            onError: () => {
              const failure = {
                title: 'Refresh Failed',
                description: 'Failed to refresh championship standings. Please try again.',
              }
              setRefreshFailure(failure)
              notify.failure(failure.title, failure.description)
            },
          })
        }}
      >
        Refresh All Standings
      </button>
      <div className="mt-3 flex flex-col gap-2">
        <FailureNotice failure={refreshFailure} onDismiss={() => setRefreshFailure(null)} />
        <JobFailureNotice kinds={['refresh-standings', 'scheduled-standings']} />
      </div>
      <RefreshReport />
      <AiTableReview />
    </section>
  )
}
