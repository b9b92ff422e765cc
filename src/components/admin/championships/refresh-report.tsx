import { sourceLabel } from '../../../lib/standings-source.ts'
import { tableChangeText } from '../../../lib/standings-change.ts'
import { RevisionHistory } from '../shared/revision-history.tsx'
import { useJobs } from '../shared/use-jobs.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

/**
 * What the last Refresh All changed in each table (issue 36: it had replaced four AI tables, one
 * with another season, and said only 'Championships Refreshed'): the season and rows of each, and
 * its History, where the version before the refresh is one click away. The spec's toast stays.
 */
export function RefreshReport() {
  const { data } = useJobs()
  const time = usePanelTime()
  const last = data?.recent.find((job) => job.kind === 'refresh-standings' && !job.isActive)
  if (!last) return null
  const tables = last.results.filter((r) => r.kind === 'standings' && r.id !== undefined && r.table)
  return (
    <section aria-labelledby="refresh-report-heading" className="mt-4 rounded-lg border border-line bg-ink/60 p-3">
      <h4 id="refresh-report-heading" className="font-semibold text-white">
        What the last Refresh All changed
      </h4>
      <p className="text-sm text-gray-300">
        {time.dateTime(last.finishedAt ?? last.createdAt)}. Each table&apos;s History has the version before it.
      </p>
      {tables.length === 0 ? (
        <p className="mt-2 text-sm text-gray-300">No table was written.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {tables.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="min-w-0 flex-1">
                <span className="font-semibold text-white">{r.title}</span>{' '}
                <span className="text-gray-400">
                  (
                  {
                    sourceLabel({ source: r.source ?? 'ai', sourceUrls: [], completedRounds: null, lastUpdated: '' })
                      .title
                  }
                  )
                </span>
                : {tableChangeText(r.table!)}
              </span>
              <RevisionHistory
                entity="standings"
                id={r.id!}
                name={r.title ?? ''}
                label={`Undo Refresh All of ${r.title ?? ''} (History)`}
              />
            </li>
          ))}
        </ul>
      )}
      {last.failures.length > 0 && (
        <p className="mt-2 text-sm text-red-300">
          Not refreshed:{' '}
          {last.failures.map((f) => `${f.championship ?? 'a table'} (${f.error ?? 'failed'})`).join('; ')}
        </p>
      )}
    </section>
  )
}
