import { useRunTestNow, useSchedulerRuns } from './use-scheduler.ts'
import { notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

/** The site's own housekeeping runs, in words (decisions 0850, 0853); the owner's kinds as they are. */
const kindLabel: Record<string, string> = { analytics: 'audience figures', links: 'link check' }

/** The scheduler tab's status and activity: real last and next runs, the run history and run-now. */
export function SchedulerRuns() {
  const { data, isError } = useSchedulerRuns()
  const runNow = useRunTestNow()
  const time = usePanelTime()
  const when = (iso: string | null) => (iso ? time.dateTime(iso) : '—')
  // '...' until the runs are in; '—' means no run.
  const at = (pick: (runs: NonNullable<typeof data>) => string | null) => (data ? when(pick(data)) : '...')

  return (
    <section aria-labelledby="scheduler-runs-heading" className="space-y-4 rounded-xl border border-line p-5">
      <h3 id="scheduler-runs-heading" className="text-lg font-bold text-white">
        Scheduler Activity
      </h3>
      {isError && <p role="alert">The run history could not be loaded.</p>}
      {/* Shown before the runs arrive (with '...'), so that Run Test Now below does not move. */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-busy={!data && !isError}>
        <dt>Standings: last run</dt>
        <dd>{at((d) => d.standings.lastRunAt)}</dd>
        <dt>Standings: next run</dt>
        <dd>{at((d) => d.standings.nextRunAt)}</dd>
        <dt>News: last run</dt>
        <dd>{at((d) => d.news.lastRunAt)}</dd>
        <dt>News: next run</dt>
        <dd>{at((d) => d.news.nextRunAt)}</dd>
      </dl>
      <button
        type="button"
        className="btn-primary"
        disabled={runNow.isPending}
        onClick={() =>
          runNow.mutate(undefined, {
            onSuccess: () => notify.success('Test Completed', 'The test run has started.'),
            // The server says why (a test run in progress, AI not configured) under the spec's text.
            onError: (error) => notify.failed('Error', 'Failed to run test', error),
          })
        }
      >
        {runNow.isPending ? 'Running Test' : 'Run Test Now'}
      </button>
      {data && (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold">Run history</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Kind</th>
              <th scope="col">Outcome</th>
              <th scope="col">Finished</th>
              <th scope="col">Next run</th>
            </tr>
          </thead>
          <tbody>
            {data.runs.length === 0 && (
              <tr>
                <td colSpan={5}>No runs yet.</td>
              </tr>
            )}
            {data.runs.map((run) => (
              <tr key={run.id}>
                <td>{when(run.startedAt)}</td>
                <td>
                  {kindLabel[run.kind] ?? run.kind}
                  {run.testMode ? ' (test)' : ''}
                </td>
                <td>
                  {run.status}
                  {run.message ? `: ${run.message}` : ''}
                </td>
                <td>{when(run.finishedAt)}</td>
                <td>{when(run.nextRunAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
