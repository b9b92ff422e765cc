/** What the panel knows of a finished job (GET /api/admin/jobs, src/server/jobs/jobs.ts jobView). */
export interface FinishedJob {
  kind: string
  errors: readonly string[]
  failures: readonly { championship: string; error?: string }[]
  updated: number
  refreshedCount: number
}

export interface JobReport {
  /** failure: shown in the destructive style and kept until closed, so the list can be read. */
  tone: 'success' | 'failure'
  title: string
  description: string
}

/** 'NASCAR: The AI service ... nothing was saved.' one line per failed championship. */
const failedList = (job: FinishedJob) => job.failures.map((f) => `${f.championship}: ${f.error ?? 'failed'}`).join('\n')

const withFailures = (summary: string, job: FinishedJob) =>
  job.failures.length > 0 ? `${summary}\n${failedList(job)}` : summary

/**
 * Spec 001 section 8's toast for a job that has just ended; with any error it takes the
 * destructive style and names each failed championship with its reason (issue 17). Undefined for
 * kinds this rule does not announce.
 */
export function jobReport(job: FinishedJob): JobReport | undefined {
  const errors = job.errors.length
  const tone = errors > 0 ? 'failure' : 'success'
  switch (job.kind) {
    case 'bulk-news':
      return {
        tone,
        title: 'Bulk News Generation Complete',
        description: withFailures(`Generated news for ${job.refreshedCount} championships. ${errors} errors.`, job),
      }
    case 'refresh-news':
      if (job.refreshedCount === 0 && errors > 0)
        return { tone, title: 'Refresh Failed', description: failedList(job) || job.errors.join('\n') }
      return {
        tone,
        title: 'News Refreshed',
        description: withFailures(`${job.refreshedCount} new drafts to review. ${errors} errors.`, job),
      }
    case 'refresh-standings':
      if (job.updated === 0 && errors > 0)
        return {
          tone,
          title: 'Refresh Failed',
          description: withFailures('Failed to refresh championship standings. Please try again.', job),
        }
      return {
        tone,
        title: 'Championships Refreshed',
        description: withFailures(
          `${job.updated} championships updated; rows you edited were kept. ${errors} errors.`,
          job,
        ),
      }
    default:
      return undefined
  }
}
