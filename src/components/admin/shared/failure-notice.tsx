import { useStore } from '@nanostores/react'
import { atom } from 'nanostores'
import { jobReport } from '../../../lib/admin/job-report.ts'
import { useJobs } from './use-jobs.ts'

export interface Failure {
  title: string
  description: string
}

/**
 * A failure that needs reading (a refused restore, a failed backup, a failed refresh) in its own
 * section, until the owner dismisses it: the toast that also announces it is gone after a few
 * seconds, and a phone cannot hover to keep it (issue 25).
 */
export function FailureNotice({ failure, onDismiss }: { failure: Failure | null; onDismiss: () => void }) {
  if (!failure) return null
  return (
    <div role="alert" className="flex w-full items-start gap-3 rounded-lg border border-red-700 bg-red-950/60 p-3">
      <div className="min-w-0 flex-1 text-sm text-red-100">
        <p className="font-semibold text-white">{failure.title}</p>
        <p className="break-words whitespace-pre-line">{failure.description}</p>
      </div>
      <button
        type="button"
        className="btn-outline shrink-0"
        aria-label={`Dismiss: ${failure.title}`}
        onClick={onDismiss}
      >
        Dismiss
      </button>
    </div>
  )
}

const STORAGE_KEY = 'simracing-admin:dismissed-job-failures'

function loadDismissed(): ReadonlySet<number> {
  try {
    const ids = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [])
  } catch {
    return new Set()
  }
}

/** The jobs whose failures the owner dismissed: kept in this browser, so a reload does not bring them back. */
const $dismissedJobs = atom<ReadonlySet<number>>(typeof localStorage === 'undefined' ? new Set() : loadDismissed())

function dismissJob(id: number): void {
  // The newest hundred are enough: the panel lists the last 20 jobs.
  const next = new Set([...$dismissedJobs.get(), id].slice(-100))
  $dismissedJobs.set(next)
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...next]))
  } catch {
    // Private mode: dismissed for this visit only.
  }
}

/**
 * The last finished job of these kinds, when it failed: its report stays in the section until
 * dismissed, whether it ended on this tab, another one or before the panel was opened. The first
 * kind names the report's words (a scheduled run reads as the tab's own refresh).
 */
export function JobFailureNotice({ kinds }: { kinds: readonly [string, ...string[]] }) {
  const { data } = useJobs()
  const dismissed = useStore($dismissedJobs)
  const last = data?.recent.find((job) => kinds.includes(job.kind) && !job.isActive)
  if (!last || dismissed.has(last.id)) return null
  const report = jobReport({ ...last, kind: kinds[0] })
  if (!report || report.tone !== 'failure') return null
  return <FailureNotice failure={report} onDismiss={() => dismissJob(last.id)} />
}
