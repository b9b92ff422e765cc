import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { startedJobs, useJobs, type JobSummary } from '../shared/use-jobs.ts'
import { notify } from '../shared/toast.ts'
import { refresh } from '../shared/refresh.ts'
import { jobReport } from '../../../lib/admin/job-report.ts'

/** Spec 001 section 8's toasts for a job that has just ended (src/lib/admin/job-report.ts). */
function announce(job: JobSummary) {
  const report = jobReport(job)
  if (report) notify.report(report.tone, report.title, report.description)
}

/**
 * The progress banner of spec 001 section 2: shown while any job runs (bulk news, refresh all,
 * scheduled runs), with the current task, completed/total and errors. Polls only while a job is
 * active; announces each job that finishes while the panel is open.
 */
export function JobProgressBanner() {
  const { data } = useJobs()
  const client = useQueryClient()
  const seenActive = useRef(new Set<number>())

  useEffect(() => {
    if (!data) return
    for (const job of data.active) seenActive.current.add(job.id)
    for (const job of data.recent) {
      if (!job.isActive && (seenActive.current.has(job.id) || startedJobs.has(job.id))) {
        seenActive.current.delete(job.id)
        startedJobs.delete(job.id)
        announce(job)
        // What the job wrote (drafts, standings, run outcomes) shows without a reload.
        void refresh(
          client,
          ['news'],
          ['championships-standings'],
          ['admin', 'scheduler', 'runs'],
          ['streams'],
          ['games'],
          ['admin', 'newsletter'],
        )
      }
    }
  }, [data, client])

  const active = data?.active ?? []
  if (active.length === 0) return null
  return (
    <section aria-label="Background jobs" className="mb-4 space-y-3">
      {active.map((job) => (
        <div
          key={job.id}
          role="status"
          className="rounded-lg border border-sky-700 bg-sky-950/60 p-4 text-sm text-gray-100"
        >
          <p className="font-semibold">{job.currentTask || 'Starting…'}</p>
          <div className="mt-2 flex items-center gap-3">
            <progress
              className="h-2 w-full"
              max={job.total}
              value={job.completed}
              aria-label={`Progress: ${job.completed} of ${job.total}`}
            />
            <span className="shrink-0 tabular-nums">
              {job.completed} / {job.total}
            </span>
          </div>
          {job.errors.length > 0 && (
            <p className="mt-2 text-red-300">
              {job.errors.length} {job.errors.length === 1 ? 'error' : 'errors'}: {job.errors.join('; ')}
            </p>
          )}
        </div>
      ))}
    </section>
  )
}
