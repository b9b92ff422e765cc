import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export interface ViewsSeries {
  /** Each day's start, in seconds since 1970 (UTC). */
  days: number[]
  views: number[]
  visitors: number[]
}

/**
 * Draws views and visitors per day with uPlot (docs/decisions/0854): a canvas, 22 KB gzipped, loaded
 * only when the Audience tab shows a chart. What it draws is also in the table beside it.
 */
export function drawViews(
  target: HTMLElement,
  series: ViewsSeries,
  width: number,
): { resize(width: number): void; destroy(): void } {
  const axis = { stroke: '#cbd5e1', grid: { stroke: '#334155', width: 1 }, ticks: { stroke: '#475569' } }
  const plot = new uPlot(
    {
      width,
      height: 260,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(5, max * 1.1)] } },
      axes: [axis, { ...axis, size: 56 }],
      series: [
        {},
        { label: 'Page views', stroke: '#f97316', width: 2, fill: 'rgba(249, 115, 22, 0.12)' },
        { label: 'Visitors', stroke: '#38bdf8', width: 2 },
      ],
    },
    [series.days, series.views, series.visitors],
    target,
  )
  return { resize: (next) => plot.setSize({ width: next, height: 260 }), destroy: () => plot.destroy() }
}
