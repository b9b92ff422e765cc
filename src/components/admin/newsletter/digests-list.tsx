import type { PanelTime } from '../../../lib/panel-time.ts'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useDecideInDoubt, useResumeDigest, type NewsletterDigest } from './use-newsletter.ts'

const statusText: Record<NewsletterDigest['status'], string> = {
  sending: 'Sending',
  sent: 'Sent',
  stopped: 'Stopped',
  empty: 'Not sent: no new articles',
}

/**
 * The last digests with what became of their recipients; a stopped one can be resumed, and the
 * recipients a stopped sender left claimed (it may or may not have sent them) wait for the owner's
 * choice: resend to them, or skip them (docs/decisions/0802).
 */
/** The owner's two answers for the addresses a dead sender left in doubt (decision 0802). */
const inDoubtChoices = [
  { choice: 'resend', label: 'Resend to Them', done: 'Resending' },
  { choice: 'skip', label: 'Skip Them', done: 'Skipped' },
] as const

export function DigestsList({ digests, time }: { digests: readonly NewsletterDigest[]; time: PanelTime }) {
  const decide = useDecideInDoubt()
  const resume = useResumeDigest()
  const failed = (title: string) => (error: unknown) => {
    if (!isUnauthorized(error)) notify.failure(title, failureDetail(error))
  }
  if (digests.length === 0) return <p className="text-gray-300">No digest has been made yet.</p>
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Digests, newest first">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            The last digests, newest first: who got each, and the visits through its links and the shop and game clicks
            made on those visits
          </caption>
          <thead className="text-gray-300">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Made
              </th>
              <th scope="col" className="py-2 pr-4">
                Subject
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Sent
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Failed
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Skipped
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Visits
              </th>
              <th scope="col" className="py-2 text-right">
                Clicks
              </th>
            </tr>
          </thead>
          <tbody>
            {digests.map((d) => (
              <tr key={d.id} className="border-t border-line align-top">
                <td className="py-2 pr-4 whitespace-nowrap text-gray-300">{time.dateTime(d.createdAt)}</td>
                <td className="py-2 pr-4 text-white">{d.status === 'empty' ? '—' : d.subject}</td>
                <td className="py-2 pr-4 text-gray-200">
                  {statusText[d.status]}
                  {d.counts.pending > 0 && d.status !== 'empty' && ` (${d.counts.pending} waiting)`}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums text-white">{d.counts.sent}</td>
                <td className="py-2 pr-4 text-right tabular-nums text-white">{d.counts.failed}</td>
                <td className="py-2 pr-4 text-right tabular-nums text-white">{d.counts.skipped}</td>
                <td className="py-2 pr-4 text-right tabular-nums text-white">
                  {d.status === 'empty' ? '—' : d.visits}
                </td>
                <td className="py-2 text-right tabular-nums text-white">{d.status === 'empty' ? '—' : d.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {digests
        .filter((d) => d.status === 'stopped' && !d.active)
        .map((d) => (
          <div key={`stopped-${d.id}`} role="alert" className="rounded border border-red-700 bg-red-950/40 p-3 text-sm">
            <p className="text-red-100">
              &quot;{d.subject}&quot; stopped: {d.lastError}
            </p>
            <button
              type="button"
              className="btn-outline mt-2"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(d.id, {
                  onSuccess: () => notify.success('Sending Resumed', `${d.counts.pending} recipients left.`),
                  onError: failed('Resume Failed'),
                })
              }
            >
              Resume Sending
            </button>
          </div>
        ))}
      {digests
        .filter((d) => d.inDoubt.length > 0)
        .map((d) => (
          <div
            key={`doubt-${d.id}`}
            role="alert"
            className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm"
          >
            <p className="text-amber-100">
              Sending &quot;{d.subject}&quot; stopped while {d.counts.claimed}{' '}
              {d.counts.claimed === 1 ? 'email was' : 'emails were'} on their way: they may or may not have arrived.
              Resend them (those that arrived will have it twice) or skip them:
            </p>
            <ul className="mt-1 list-inside list-disc text-amber-50">
              {d.inDoubt.map((email) => (
                <li key={email}>{email}</li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap gap-3">
              {inDoubtChoices.map(({ choice, label, done }) => (
                <button
                  key={choice}
                  type="button"
                  className="btn-outline"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate(
                      { id: d.id, choice },
                      { onSuccess: (a) => notify.success(done, `${a.changed} emails.`), onError: failed('Error') },
                    )
                  }
                >
                  {label}
                </button>
              ))}
            </div>
          </div>
        ))}
    </div>
  )
}
