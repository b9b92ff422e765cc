import { useEffect, useRef, useState } from 'react'
import type { AudienceSummary } from './use-audience.ts'

const number = (n: number) => n.toLocaleString('en-US')

/** 'Busiest day: 2026-11-20 (1,234 views)', the chart's gist for a screen reader. */
function gist(summary: AudienceSummary): string {
  const busiest = summary.days.reduce((top, d) => (d.views > top.views ? d : top), summary.days[0]!)
  const range = `${summary.range.from} to ${summary.range.to}`
  if (!busiest || busiest.views === 0) return `No page views from ${range}.`
  return `Page views and visitors per day from ${range}: ${number(summary.totals.views)} views, ${number(summary.totals.visitors)} visitors; busiest day ${busiest.day} with ${number(busiest.views)} views.`
}

/**
 * Views and visitors per day: a chart (uPlot, loaded with this tab only, on its first draw) whose
 * gist is its accessible name, and the same figures as a table for anyone who cannot see it.
 */
export function ViewsChart({ summary }: { summary: AudienceSummary }) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const target = box.current
    if (!target) return
    let chart: { resize(width: number): void; destroy(): void } | undefined
    let gone = false
    const observer = new ResizeObserver(() => chart?.resize(target.clientWidth))
    void import('./views-plot.ts')
      .then(({ drawViews }) => {
        if (gone) return
        chart = drawViews(
          target,
          {
            days: summary.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
            views: summary.days.map((d) => d.views),
            visitors: summary.days.map((d) => d.visitors),
          },
          target.clientWidth,
        )
        observer.observe(target)
      })
      .catch(() => setFailed(true))
    return () => {
      gone = true
      observer.disconnect()
      chart?.destroy()
    }
  }, [summary])

  return (
    <section aria-labelledby="views-chart-title" className="rounded-xl border border-line bg-panel p-4">
      <h3 id="views-chart-title" className="mb-1 text-base font-bold text-white">
        Visitors and page views per day
      </h3>
      <p className="mb-3 text-sm text-gray-300">
        <span className="mr-4">
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-orange-500 align-middle" />
          Page views
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-sky-400 align-middle" />
          Visitors
        </span>
      </p>
      {failed ? (
        <p className="text-gray-300">The chart could not be drawn; the table below holds the same figures.</p>
      ) : (
        <div ref={box} role="img" aria-label={gist(summary)} className="h-[260px] w-full" />
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-sky-300">The chart's figures as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Page views and visitors per day</caption>
          <thead className="text-gray-300">
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Page views
              </th>
              <th scope="col" className="text-right">
                Visitors
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.days.map((d) => (
              <tr key={d.day} className="border-t border-line">
                <th scope="row" className="font-normal">
                  {d.day}
                </th>
                <td className="text-right tabular-nums">{number(d.views)}</td>
                <td className="text-right tabular-nums">{number(d.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  )
}
