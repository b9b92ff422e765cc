import type { WeekCount } from '../../../lib/newsletter/growth.ts'

const WIDTH = 480
const HEIGHT = 120
const GAP = 4

/**
 * Growth per week (the last 12): confirmations as bars up, losses (unsubscribed, bounced) as bars
 * down. The drawing is for the eye; the same figures are a table for screen readers.
 */
export function GrowthChart({ weeks }: { weeks: readonly WeekCount[] }) {
  const peak = Math.max(1, ...weeks.map((w) => Math.max(w.confirmed, w.left)))
  const slot = WIDTH / Math.max(1, weeks.length)
  const half = HEIGHT / 2
  const scale = (n: number) => (n / peak) * (half - 6)
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-32 w-full max-w-xl" aria-hidden="true">
        <line x1={0} x2={WIDTH} y1={half} y2={half} className="stroke-gray-600" strokeWidth={1} />
        {weeks.map((w, i) => (
          <g key={w.week}>
            <rect
              x={i * slot + GAP / 2}
              y={half - scale(w.confirmed)}
              width={slot - GAP}
              height={scale(w.confirmed)}
              className="fill-emerald-500"
            />
            <rect x={i * slot + GAP / 2} y={half} width={slot - GAP} height={scale(w.left)} className="fill-red-400" />
          </g>
        ))}
      </svg>
      <figcaption className="text-xs text-gray-300">
        Per week, the last {weeks.length} weeks: <span className="text-emerald-400">confirmed</span> above the line,{' '}
        <span className="text-red-300">unsubscribed or bounced</span> below.
      </figcaption>
      <table className="sr-only">
        <caption>Subscribers per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Confirmed</th>
            <th scope="col">Unsubscribed or bounced</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{w.week}</th>
              <td>{w.confirmed}</td>
              <td>{w.left}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
