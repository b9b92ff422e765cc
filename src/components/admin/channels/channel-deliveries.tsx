import type { PanelTime } from '../../../lib/panel-time.ts'
import type { ChannelDelivery } from './use-channels.ts'

/** The ledger's states (channel_deliveries_status_valid) in words. */
const statusText: Record<string, string | undefined> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  'in-doubt': 'In doubt',
  cancelled: 'Cancelled',
}

const reasonText: Record<string, string | undefined> = {
  announce: 'announced',
  share: 'shared',
  test: 'test',
}

/** What a delivery was about, in words: 'Article 12 (shared)', 'Race results', 'Test message'. */
function subjectText(d: ChannelDelivery): string {
  if (d.subjectKind === 'test') return 'Test message'
  const what = d.subjectKind === 'article' ? `Article ${d.subjectId ?? ''}`.trim() : 'Race results'
  return `${what} (${reasonText[d.reason] ?? d.reason})`
}

/** A waiting message that was tried already says when it is tried next (429s and 5xx back off). */
function statusOf(d: ChannelDelivery, time: PanelTime): string {
  if (d.status === 'waiting' && d.attempts > 0 && d.nextAttemptAt)
    return `Waiting (attempt ${d.attempts + 1} at ${time.cell(d.nextAttemptAt)})`
  return statusText[d.status] ?? d.status
}

/**
 * A channel's last deliveries, newest first: what was sent, when, what became of it, the network's
 * refusal when there was one, and the post on the network once it is there.
 */
export function ChannelDeliveries({
  label,
  deliveries,
  time,
}: {
  label: string
  deliveries: readonly ChannelDelivery[]
  time: PanelTime
}) {
  if (deliveries.length === 0) return <p className="text-sm text-gray-300">Nothing sent to {label} yet.</p>
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Last deliveries to ${label}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Last deliveries to {label}, newest first ({time.zone})
        </caption>
        <thead className="text-gray-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              What
            </th>
            <th scope="col" className="py-2 pr-4">
              When ({time.name()})
            </th>
            <th scope="col" className="py-2 pr-4">
              Status
            </th>
            <th scope="col" className="py-2 pr-4">
              Error
            </th>
            <th scope="col" className="py-2">
              Post
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-t border-line align-top">
              <td className="py-2 pr-4 text-white">{subjectText(d)}</td>
              <td className="py-2 pr-4 whitespace-nowrap text-gray-300">{time.cell(d.sentAt ?? d.createdAt)}</td>
              <td className="py-2 pr-4 text-gray-200">{statusOf(d, time)}</td>
              <td className="py-2 pr-4 break-words text-red-200">{d.lastError ?? ''}</td>
              <td className="py-2">
                {d.postUrl && (
                  <a href={d.postUrl} target="_blank" rel="noopener noreferrer" className="text-sky-300 underline">
                    View post
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
