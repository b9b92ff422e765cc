import { nextLinkCheck } from '../../../lib/audience/link-check.ts'
import { linkProblem } from '../shared/link-figures.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useCheckLinksNow, useLinkHealth } from '../shared/use-link-figures.ts'
import { LoadError } from '../shared/load-error.tsx'
import { usePanelTime } from '../shared/use-time-zone.ts'

const statusLabel = { working: 'Working', redirected: 'Redirected elsewhere', broken: 'Broken' } as const

/**
 * Link health (docs/decisions/0853): every purchase link and game website is checked weekly; 'Check
 * links now' checks them at once. The links that are not plainly working are listed, broken first.
 */
export function LinkHealthPanel() {
  const health = useLinkHealth()
  const check = useCheckLinksNow()
  const time = usePanelTime()
  // Weekly, at a quiet hour in UTC: said as the next check on the site's clock (issue 36).
  const next = `the next one ${time.long(nextLinkCheck(new Date()))}`
  const running = health.data?.running
  const links = health.data?.links ?? []
  const notWorking = links.filter((l) => l.status !== 'working')
  const broken = links.filter((l) => l.status === 'broken').length
  const last = health.data?.lastCheck
  // A check that checked nothing (no network, issue 45) or stopped says why; the list below is the
  // last check that did.
  const lastProblem = last?.status === 'failed' && last.problem ? last.problem.replace(/\.?$/, '.') : undefined

  const start = () =>
    check.mutate(undefined, {
      onSuccess: (answer) =>
        notify.success(
          answer.started ? 'Link Check Started' : 'Link Check Running',
          `${answer.job.total} links to check.`,
        ),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to start the link check', error)
      },
    })

  return (
    <section aria-labelledby="link-health-title" className="rounded-xl border border-line bg-panel p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 id="link-health-title" className="text-lg font-bold text-white">
          Link health
        </h3>
        <button type="button" className="btn-primary" onClick={start} disabled={check.isPending || Boolean(running)}>
          {running ? 'Checking links...' : 'Check links now'}
        </button>
      </div>
      <p className="mb-3 text-sm text-gray-300" role="status">
        {health.isPending
          ? 'Loading link health...'
          : running
            ? `Checking links: ${running.completed} of ${running.total} done.`
            : last?.finishedAt && lastProblem
              ? `Last check ${time.dateTime(last.finishedAt)}: ${lastProblem} Checked every week, ${next}.`
              : last?.finishedAt
                ? `Last check ${time.dateTime(last.finishedAt)}: ${links.length} links, ${broken} broken, ${notWorking.length - broken} redirected elsewhere. Checked every week, ${next}.`
                : `No check yet. Links are checked every week, ${next}.`}
      </p>
      {health.isError && <LoadError text="Error loading link health." onRetry={() => health.refetch()} />}
      {notWorking.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Links that are broken or lead elsewhere</caption>
          <thead className="text-gray-300">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Status</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {notWorking.map((link) => (
              <tr key={`${link.kind}:${link.id}`} className="border-t border-line align-top">
                <td className="py-1 pr-2">
                  {link.name} <span className="text-gray-400">({link.kind === 'hardware' ? 'Hardware' : 'Game'})</span>
                </td>
                <td className={`py-1 pr-2 ${link.status === 'broken' ? 'text-red-300' : 'text-amber-300'}`}>
                  {statusLabel[link.status]}
                </td>
                <td className="py-1 break-all">
                  {linkProblem(link)} <span className="text-gray-400">({link.url})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
