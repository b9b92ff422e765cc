/** What the panel knows of a finished job (GET /api/admin/jobs, src/server/jobs/jobs.ts jobView). */
export interface FinishedJob {
  kind: string
  errors: readonly string[]
  failures: readonly { championship?: string; error?: string }[]
  updated: number
  refreshedCount: number
  /** Stream and game refreshes (src/server/jobs/refresh-jobs.ts): items refreshed and skipped. */
  refreshed?: number
  skipped?: number
  /** The newsletter's digest: what it did, in words. */
  summary?: string
}

export interface JobReport {
  /** failure: shown in the destructive style and kept until closed, so the list can be read. */
  tone: 'success' | 'failure'
  title: string
  description: string
}

/** 'NASCAR: The AI service ... nothing was saved.' one line per failed championship. */
const failedList = (job: FinishedJob) =>
  job.failures.map((f) => `${f.championship ?? 'A task'}: ${f.error ?? 'failed'}`).join('\n')

/**
 * '1 error', '2 errors': the spec's 'N championships. M errors.' is a pattern, and its words stay
 * for every count but one (docs/decisions/0623).
 */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

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
  const errorCount = counted(errors, 'error', 'errors')
  switch (job.kind) {
    case 'bulk-news':
      return {
        tone,
        title: 'Bulk News Generation Complete',
        description: withFailures(
          `Generated news for ${counted(job.refreshedCount, 'championship', 'championships')}. ${errorCount}.`,
          job,
        ),
      }
    case 'refresh-news':
      if (job.refreshedCount === 0 && errors > 0)
        return { tone, title: 'Refresh Failed', description: failedList(job) || job.errors.join('\n') }
      return {
        tone,
        title: 'News Refreshed',
        description: withFailures(
          `${counted(job.refreshedCount, 'new draft', 'new drafts')} to review. ${errorCount}.`,
          job,
        ),
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
          `${counted(job.updated, 'championship', 'championships')} updated; rows you edited were kept. ${errorCount}.`,
          job,
        ),
      }
    case 'refresh-streams':
    case 'refresh-games': {
      const what = job.kind === 'refresh-streams' ? 'streams' : 'games'
      if (job.refreshed === 0 && errors > 0)
        return { tone, title: 'Refresh Failed', description: job.errors.join('\n') }
      const counts = `${counted(job.refreshed ?? 0, what.slice(0, -1), what)} refreshed, ${job.skipped ?? 0} skipped. ${errorCount}.`
      return {
        tone,
        title: what === 'streams' ? 'Streams Refreshed' : 'Games Refreshed',
        description: errors > 0 ? `${counts}\n${job.errors.join('\n')}` : counts,
      }
    }
    case 'newsletter-digest':
      return {
        tone,
        title: errors > 0 ? 'Digest Sent With Errors' : 'Digest Sent',
        description: errors > 0 ? `${job.summary ?? ''}\n${job.errors.join('\n')}`.trim() : (job.summary ?? ''),
      }
    default:
      return undefined
  }
}
