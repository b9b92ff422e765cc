import type { JobResult, JobRow } from '../repos/jobs.repo.ts'

/** What the panel polls (spec 001: isActive, currentTask, completed, total, errors) plus the results. */
export function jobView(job: JobRow) {
  const outcomes = (job.result as JobResult | null)?.outcomes ?? []
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    isActive: job.status === 'queued' || job.status === 'running',
    currentTask: job.currentTask,
    completed: job.completed,
    total: job.total,
    errors: job.errors,
    results: outcomes
      .filter((o) => o.ok)
      .map(({ kind, championship, id, title, source, table }) => ({ kind, championship, id, title, source, table })),
    failures: outcomes.filter((o) => !o.ok).map(({ kind, championship, error }) => ({ kind, championship, error })),
    // The answers spec 001 names for these calls: refresh-all-standings {updated}, refresh-all-news {refreshedCount}.
    updated: outcomes.filter((o) => o.ok && o.kind === 'standings').length,
    refreshedCount: outcomes.filter((o) => o.ok && o.kind === 'news').length,
    // Stream and game refreshes: items read again, items on no supported platform, items changed.
    refreshed: outcomes.filter((o) => o.ok && !o.skipped && (o.kind === 'stream' || o.kind === 'game')).length,
    skipped: outcomes.filter((o) => o.skipped).length,
    changed: outcomes.filter((o) => o.changed).length,
    /** A job that counts its own units says what it did (the newsletter's digest: 'Sent to 120 subscribers.'). */
    summary: (job.result as { summary?: string } | null)?.summary,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  }
}
