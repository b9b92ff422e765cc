import { useState } from 'react'
import { actorNames, auditActor } from '../../../lib/revisions.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { AUDIT_PAGE_SIZE, useAuditLog } from './use-audit-log.ts'
import { LoadError } from '../shared/load-error.tsx'

/** Activity: what was changed, when, through which call (the audit log, newest first, paged). */
export default function ActivityTab() {
  const [page, setPage] = useState(1)
  const log = useAuditLog(page)
  // The site's time zone (System tab; decision 0512).
  const time = usePanelTime()
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_PAGE_SIZE))
  return (
    <div className="flex flex-col gap-6">
      <h2 className="section-title">Activity</h2>
      {log.isPending ? (
        <p className="text-gray-300">Loading activity...</p>
      ) : log.isError ? (
        <LoadError text="Error loading activity." onRetry={() => log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <p className="text-gray-300">No activity yet.</p>
      ) : (
        // Focusable so that keyboard users can scroll the wide table on a phone.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Activity log">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Admin activity, newest first</caption>
            <thead className="text-gray-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  When
                </th>
                <th scope="col" className="py-2 pr-4">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4">
                  What
                </th>
                <th scope="col" className="py-2">
                  Call
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((entry) => (
                <tr key={entry.id} className="border-t border-line">
                  <td className="py-2 pr-4 whitespace-nowrap text-gray-300">{time.long(entry.at)}</td>
                  <td className="py-2 pr-4 text-gray-300">{actorNames[auditActor(entry)]}</td>
                  <td className="py-2 pr-4 text-white">{time.inText(entry.summary)}</td>
                  <td className="py-2 font-mono text-xs text-gray-400">
                    {entry.method} {entry.route}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Activity pages" className="flex items-center gap-3">
        <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Newer
        </button>
        <p className="text-gray-300">
          Page {page} of {pages}
        </p>
        <button type="button" className="btn-outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Older
        </button>
      </nav>
    </div>
  )
}
