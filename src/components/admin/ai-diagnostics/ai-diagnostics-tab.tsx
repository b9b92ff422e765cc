import { useState } from 'react'
import { Tabs } from 'radix-ui'
import type { AiServiceName } from '../shared/ai-status.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { AiTestTools } from './ai-test-tools.tsx'
import { useAiTool, useDiagnostic, type UsageFigures } from './use-diagnostics.ts'

/** Spec 001 section 9: auto refresh every 30 s, response-time bar scaled to 10,000 ms. */
export const AUTO_REFRESH_MS = 30_000
export const RESPONSE_TIME_SCALE_MS = 10_000
/** Cost shown to 4 decimals for Perplexity, 2 for OpenAI. */
export const costDecimals: Record<AiServiceName, number> = { perplexity: 4, openai: 2 }

const statusTone: Record<string, string> = {
  healthy: 'bg-green-800 text-green-100',
  warning: 'bg-yellow-700 text-yellow-50',
  error: 'bg-red-800 text-red-100',
}

/** healthy, warning and error have their colours; anything else is shown as neutral (spec 001 section 4). */
function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${statusTone[status] ?? 'bg-gray-700 text-gray-100'}`}
    >
      {status}
    </span>
  )
}

function UsageTable({
  caption,
  rows,
  decimals,
}: {
  caption: string
  rows: Record<string, UsageFigures>
  decimals: number
}) {
  const entries = Object.entries(rows)
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Requests</th>
          <th scope="col">Tokens</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && (
          <tr>
            <td colSpan={4}>No usage in the last 24 hours.</td>
          </tr>
        )}
        {entries.map(([name, figures]) => (
          <tr key={name}>
            <th scope="row" className="font-normal">
              {name}
            </th>
            <td>{figures.requests}</td>
            <td>{figures.tokens}</td>
            <td>${figures.cost.toFixed(decimals)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The AI Services Diagnostic panel (spec 001 sections 2, 3, 4, 9), computed by the server from its call ledger. */
export function AiDiagnosticsTab() {
  const [service, setService] = useState<AiServiceName>('perplexity')
  const [autoRefresh, setAutoRefresh] = useState(false)
  const diagnostic = useDiagnostic(service, autoRefresh ? AUTO_REFRESH_MS : false)
  const tools = useAiTool(service)
  const report = diagnostic.data
  const time = usePanelTime()
  const decimals = costDecimals[service]
  // Spec 001 section 8: diagnostic and AI test failures are only logged.
  const logFailure = (error: Error) => console.warn('[ai diagnostics]', error.message)

  return (
    <section aria-labelledby="ai-diagnostics-heading" className="space-y-4">
      <h2 id="ai-diagnostics-heading" className="text-xl font-bold text-white">
        AI Services Diagnostic
      </h2>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {/*
          Which service the panel shows: a segmented switch, not two more action buttons, so it
          cannot be taken for 'Run Diagnostic' beside it (issue 25).
        */}
        <div className="flex items-center gap-2">
          <span id="ai-service-label" className="text-sm font-semibold text-gray-300">
            Service
          </span>
          <div
            role="group"
            aria-labelledby="ai-service-label"
            className="inline-flex rounded-lg border border-line bg-ink p-0.5"
          >
            {(
              [
                ['openai', 'OpenAI (Images)'],
                ['perplexity', 'Perplexity (News)'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={service === value}
                className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                  service === value ? 'bg-gray-100 text-gray-900' : 'text-gray-300 hover:bg-white/10'
                }`}
                onClick={() => setService(value)}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Diagnostic actions">
          <button
            type="button"
            className="btn-outline"
            aria-pressed={autoRefresh}
            onClick={() => setAutoRefresh((on) => !on)}
          >
            {autoRefresh ? 'Auto Refresh On' : 'Auto Refresh Off'}
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => void diagnostic.refetch()}
            disabled={diagnostic.isFetching}
          >
            Run Diagnostic
          </button>
          {report && (
            <span className="text-sm text-gray-300">
              Last updated: <time dateTime={report.lastUpdated}>{time.clockSeconds(report.lastUpdated)}</time>
            </span>
          )}
        </div>
      </div>

      {diagnostic.isError && <p role="alert">The diagnostic could not be loaded.</p>}
      {report && (
        <Tabs.Root defaultValue="overview">
          <Tabs.List aria-label="Diagnostic sections" className="mb-3 flex flex-wrap gap-1">
            {[
              'Overview',
              'Services',
              'Usage & Costs',
              'Error Logs',
              'Tools',
              ...(service === 'perplexity' ? ['Models'] : []),
            ].map((label) => (
              <Tabs.Trigger
                key={label}
                value={label.toLowerCase()}
                className="btn-outline data-[state=active]:bg-sky-900"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="space-y-3">
            <p>
              Overall status: <StatusBadge status={report.overallStatus} />
            </p>
            <h3 className="font-semibold">Recommendations</h3>
            <ul className="list-disc pl-5">
              {report.recommendations.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </Tabs.Content>
          <Tabs.Content value="services" className="space-y-3">
            {report.services.map((s) => (
              <div key={s.service} className="rounded border border-line p-3">
                <p className="flex items-center gap-2 font-semibold">
                  {s.service} <StatusBadge status={s.status} />
                </p>
                <p className="text-sm">{s.message}</p>
                <label className="mt-2 flex items-center gap-2 text-sm">
                  Response time
                  <progress max={RESPONSE_TIME_SCALE_MS} value={Math.min(s.responseTime, RESPONSE_TIME_SCALE_MS)} />
                  <span>{s.responseTime} ms</span>
                </label>
              </div>
            ))}
          </Tabs.Content>
          <Tabs.Content value="usage & costs" className="space-y-3">
            <p>
              Last 24 hours: {report.usage.last24Hours.totalRequests} requests, {report.usage.last24Hours.totalTokens}{' '}
              tokens, ${report.usage.last24Hours.totalCost.toFixed(decimals)}
            </p>
            <UsageTable caption="By feature" rows={report.usage.byFeature} decimals={decimals} />
          </Tabs.Content>
          <Tabs.Content value="error logs" className="space-y-3">
            {report.recentErrors.length === 0 ? (
              <p>No recent errors.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {report.recentErrors.map((e) => (
                  <li key={`${e.timestamp}-${e.error}`}>
                    <time dateTime={e.timestamp}>{time.dateTime(e.timestamp)}</time> {e.service}: {e.error}
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="btn-outline"
              onClick={() => tools.clearLogs.mutate(undefined, { onError: logFailure })}
            >
              Clear Logs
            </button>
          </Tabs.Content>
          <Tabs.Content value="tools" className="space-y-3">
            <AiTestTools service={service} tools={tools} />
          </Tabs.Content>
          {service === 'perplexity' && (
            <Tabs.Content value="models">
              <UsageTable caption="By model" rows={report.usage.byModel ?? {}} decimals={decimals} />
            </Tabs.Content>
          )}
        </Tabs.Root>
      )}
    </section>
  )
}

/** The tab's own chunk (src/components/admin/shell/tabs.ts). */
export default AiDiagnosticsTab
