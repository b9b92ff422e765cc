import { describe, expect, it } from 'vitest'
import { jobReport, type FinishedJob } from './job-report.ts'

const job = (o: Partial<FinishedJob>): FinishedJob => ({
  kind: 'bulk-news',
  errors: [],
  failures: [],
  updated: 0,
  refreshedCount: 0,
  ...o,
})

const nascar = { championship: 'NASCAR', error: 'Perplexity refused the request (HTTP 400: Unknown championship).' }

describe('the toast of a finished job', () => {
  it("gives the spec's bulk message, green when all went well", () => {
    expect(jobReport(job({ refreshedCount: 3 }))).toEqual({
      tone: 'success',
      title: 'Bulk News Generation Complete',
      description: 'Generated news for 3 championships. 0 errors.',
    })
  })

  it('turns destructive with errors and names each failed championship and why', () => {
    const report = jobReport(job({ refreshedCount: 5, errors: [nascar.error], failures: [nascar] }))
    expect(report).toEqual({
      tone: 'failure',
      title: 'Bulk News Generation Complete',
      description: `Generated news for 5 championships. 1 error.\nNASCAR: ${nascar.error}`,
    })
  })

  it("keeps the spec's words for every count but one: '1 error', '1 championship' (issue 25)", () => {
    const two = { errors: ['a', 'b'], failures: [nascar, nascar] }
    expect(jobReport(job({ refreshedCount: 0, ...two }))?.description).toMatch(
      /^Generated news for 0 championships\. 2 errors\.\n/,
    )
    expect(jobReport(job({ refreshedCount: 1 }))?.description).toBe('Generated news for 1 championship. 0 errors.')
    expect(jobReport(job({ kind: 'refresh-streams', refreshed: 1, skipped: 2 }))?.description).toBe(
      '1 stream refreshed, 2 skipped. 0 errors.',
    )
    expect(jobReport(job({ kind: 'refresh-games', refreshed: 3, errors: ['Down: 500'] }))?.description).toBe(
      '3 games refreshed, 0 skipped. 1 error.\nDown: 500',
    )
  })

  it('reports refreshes of news and standings the same way', () => {
    expect(jobReport(job({ kind: 'refresh-news', errors: ['x'], failures: [nascar] }))).toMatchObject({
      tone: 'failure',
      title: 'Refresh Failed',
      description: `NASCAR: ${nascar.error}`,
    })
    expect(jobReport(job({ kind: 'refresh-standings', updated: 2 }))).toMatchObject({
      tone: 'success',
      title: 'Championships Refreshed',
    })
    expect(jobReport(job({ kind: 'refresh-standings', updated: 1, errors: ['x'], failures: [nascar] }))).toMatchObject({
      tone: 'failure',
      description: expect.stringContaining('NASCAR: '),
    })
    expect(jobReport(job({ kind: 'streams' }))).toBeUndefined()
  })

  it("says what the newsletter's digest did, and its failures in the destructive style", () => {
    expect(jobReport(job({ kind: 'newsletter-digest', summary: 'Sent to 120 subscribers.' }))).toEqual({
      tone: 'success',
      title: 'Digest Sent',
      description: 'Sent to 120 subscribers.',
    })
    expect(
      jobReport(
        job({
          kind: 'newsletter-digest',
          summary: 'Sent to 119 subscribers, 1 failed.',
          errors: ['a@example.com: Bounced: 550 5.1.1 No such user'],
        }),
      ),
    ).toEqual({
      tone: 'failure',
      title: 'Digest Sent With Errors',
      description: 'Sent to 119 subscribers, 1 failed.\na@example.com: Bounced: 550 5.1.1 No such user',
    })
  })
})
