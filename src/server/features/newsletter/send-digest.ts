import { finishJob, handOnJob, setJobProgress, type JobRow } from '../../repos/jobs.repo.ts'
import {
  claimRecipients,
  getDigest,
  recipientCounts,
  recordBatch,
  setDigestStatus,
  type BatchOutcome,
  type RecipientCounts,
} from './digests.repo.ts'
import { markBounced } from './newsletter.repo.ts'
import { finishSchedulerRunsOf } from '../../repos/scheduler-runs.repo.ts'
import type { Platform } from '../../platform.ts'
import { listHeaders, personalized, unsubscribePageUrl } from './compose.ts'
import { openMailer, type Mailer, type SendOutcome } from '../../mail/mailer.ts'
import { newsletterKey, unsubscribeToken } from './tokens.ts'

/**
 * Sends a digest as a job, in batches over pooled SMTP, and never twice to one subscriber
 * (docs/decisions/0802):
 * 1. a batch of recipients still waiting is claimed in the database (one UPDATE ... SKIP LOCKED);
 * 2. each gets its own email (its unsubscribe address in the body and the RFC 8058 headers);
 * 3. what the mail server answered is written before the next batch is claimed: taken (sent),
 *    a recipient refused for good (failed; the address is marked bounced), a message refused for
 *    good (failed), not now (waiting again: the batch is retried with backoff), or no answer at all
 *    (left claimed: the server may have taken it).
 * A sender killed anywhere leaves at most its one batch claimed. Running the job again sends only
 * to recipients still waiting; the claimed ones are shown to the owner, who chooses to resend or
 * skip them (decideInDoubt). The job's row is the spec's progress banner: messages done of all.
 */

/** Every message of a batch refused for good, for the same reason: the sender or the account is wrong, not the addresses. */
const ALL_BOUNCED_MEANS_BROKEN = 10

class StopSending extends Error {}

const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

export function digestSummary(counts: RecipientCounts): string {
  const parts = [`Sent to ${counted(counts.sent, 'subscriber')}`]
  if (counts.failed) parts.push(`${counts.failed.toLocaleString('en-US')} failed`)
  if (counts.skipped) parts.push(`${counts.skipped.toLocaleString('en-US')} skipped`)
  if (counts.claimed) parts.push(`${counts.claimed.toLocaleString('en-US')} in doubt`)
  if (counts.pending) parts.push(`${counts.pending.toLocaleString('en-US')} not sent yet`)
  return `${parts.join(', ')}.`
}

const done = (c: RecipientCounts) => c.sent + c.failed + c.skipped

export async function runDigestJob(platform: Platform, job: JobRow): Promise<JobRow | undefined> {
  const digestId = (job.input as { digestId?: unknown } | null)?.digestId
  const digest = typeof digestId === 'number' ? await getDigest(digestId) : undefined
  if (!digest) return finishJob(job.id, 'failed', 'The digest no longer exists.')
  const mail = platform.mail
  if (!mail) {
    const message = 'Mail is not configured: set SMTP_URL and NEWSLETTER_FROM.'
    await setDigestStatus(digest.id, 'stopped', { lastError: message })
    const failed = await finishJob(job.id, 'failed', message)
    if (failed) await finishSchedulerRunsOf(failed, { message, failed: true })
    return failed
  }

  const startedAt = Date.now()
  const key = await newsletterKey()
  const atStart = await recipientCounts(digest.id)
  await setDigestStatus(digest.id, 'sending', { lastError: null, finishedAt: null, jobId: job.id })
  if (atStart.claimed > 0)
    await setJobProgress(job.id, {
      addErrors: [
        `${counted(atStart.claimed, 'recipient')} of an earlier run may or may not have got the digest: not sent again (see the Newsletter tab).`,
      ],
    })
  let completed = done(atStart)
  await setJobProgress(job.id, { completed, currentTask: `Sending "${digest.subject}"` })

  const mailer = openMailer(mail, { pool: true })
  let streak = 0
  try {
    for (;;) {
      if (Date.now() - startedAt > mail.runBudgetMs) {
        // Near the background function's end: the rest goes to a fresh run, nothing is left claimed.
        mailer.close()
        const handed = await handOnJob(job.id)
        if (handed) await platform.launchJob(platform, job.id)
        return handed
      }
      const batch = await claimRecipients(digest.id, mail.batchSize, new Date())
      if (batch.length === 0) break
      const results = await Promise.all(
        batch.map(async (r): Promise<[number, SendOutcome | 'skip']> => {
          if (!r.subscribed || !r.email) return [r.subscriberId, 'skip']
          const token = unsubscribeToken(key, r.subscriberId, r.email)
          const page = unsubscribePageUrl(token)
          return [
            r.subscriberId,
            await mailer.send({
              to: r.email,
              subject: digest.subject,
              html: personalized(digest.html, page),
              text: personalized(digest.textBody, page),
              headers: listHeaders(token),
            }),
          ]
        }),
      )
      const outcome: BatchOutcome = { sent: [], failed: [], skipped: [], retry: [] }
      const bounces: { subscriberId: number; reason: string }[] = []
      const unknown: { subscriberId: number; reason: string }[] = []
      let broken: string | undefined
      for (const [subscriberId, result] of results) {
        if (result === 'skip') outcome.skipped.push(subscriberId)
        else if (result.kind === 'sent') outcome.sent.push(subscriberId)
        else if (result.kind === 'bounced') bounces.push({ subscriberId, reason: result.reason })
        else if (result.kind === 'rejected') outcome.failed.push({ subscriberId, error: result.reason })
        else if (result.kind === 'unknown') unknown.push({ subscriberId, reason: result.reason })
        else if (result.kind === 'retry') outcome.retry.push({ subscriberId, error: result.reason })
        else {
          broken = result.reason
          outcome.retry.push({ subscriberId, error: result.reason })
        }
      }
      if (bounces.length >= ALL_BOUNCED_MEANS_BROKEN && bounces.length === batch.length) {
        broken = `Every address of a batch was refused (${bounces[0]!.reason}): check SMTP_URL and NEWSLETTER_FROM.`
        outcome.retry.push(...bounces.map((b) => ({ subscriberId: b.subscriberId, error: b.reason })))
      } else {
        outcome.failed.push(...bounces.map((b) => ({ subscriberId: b.subscriberId, error: `Bounced: ${b.reason}` })))
        await markBounced(bounces, new Date())
      }
      await recordBatch(digest.id, outcome, new Date())

      const email = new Map(batch.map((r) => [r.subscriberId, r.email ?? `subscriber ${r.subscriberId}`]))
      completed += outcome.sent.length + outcome.failed.length + outcome.skipped.length
      const errors = [
        ...outcome.failed.map((f) => `${email.get(f.subscriberId)}: ${f.error}`),
        ...unknown.map(
          (u) => `${email.get(u.subscriberId)}: no answer from the mail server (${u.reason}); it may have arrived.`,
        ),
      ]
      if (broken) throw new StopSending(`The mail server refuses our mail: ${broken}`)
      const trouble = [...outcome.retry, ...unknown.map((u) => ({ subscriberId: u.subscriberId, error: u.reason }))]
      if (trouble.length === 0) {
        streak = 0
        await setJobProgress(job.id, { completed, addErrors: errors })
        continue
      }
      streak = outcome.sent.length > 0 ? 1 : streak + 1
      if (streak > mail.retryDelaysMs.length) {
        await setJobProgress(job.id, { completed, addErrors: errors })
        throw new StopSending(
          `The mail server did not take the messages after ${mail.retryDelaysMs.length} retries: ${trouble[0]!.error}`,
        )
      }
      const wait = mail.retryDelaysMs[streak - 1]!
      await setJobProgress(job.id, {
        completed,
        currentTask: `Mail server: ${trouble[0]!.error}. Sending again in ${Math.round(wait / 1000)} s (retry ${streak} of ${mail.retryDelaysMs.length})`,
        addErrors: [
          ...errors,
          `Mail server did not take ${counted(trouble.length, 'message')}: ${trouble[0]!.error} (retry ${streak} of ${mail.retryDelaysMs.length})`,
        ],
      })
      await mail.sleep(wait)
      await setJobProgress(job.id, { currentTask: `Sending "${digest.subject}"` })
    }
  } catch (error) {
    const message = error instanceof StopSending ? error.message : `Sending stopped: ${String(error)}`
    if (!(error instanceof StopSending)) console.warn(`[newsletter] digest ${digest.id}:`, error)
    const counts = await recipientCounts(digest.id)
    await setDigestStatus(digest.id, 'stopped', { lastError: message })
    await setJobProgress(job.id, { summary: `${digestSummary(counts)} ${message}` })
    const failed = await finishJob(job.id, 'failed', message)
    if (failed) await finishSchedulerRunsOf(failed, { message: `${digestSummary(counts)} ${message}`, failed: true })
    return failed
  } finally {
    closeQuietly(mailer)
  }

  const counts = await recipientCounts(digest.id)
  const summary = digestSummary(counts)
  await setDigestStatus(digest.id, 'sent', { finishedAt: new Date(), lastError: null })
  await setJobProgress(job.id, { completed: done(counts), summary })
  const finished = await finishJob(job.id, 'completed')
  if (finished)
    await finishSchedulerRunsOf(finished, { message: summary, failed: counts.sent === 0 && counts.failed > 0 })
  return finished
}

function closeQuietly(mailer: Mailer) {
  try {
    mailer.close()
  } catch {
    // already closed (handed on)
  }
}
