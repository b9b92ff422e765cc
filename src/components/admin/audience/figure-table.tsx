import type { ReactNode } from 'react'

export interface FigureRow {
  key: string
  label: ReactNode
  views: number
  visitors: number
  /** Shop and game clicks, in a table that counts them (the Campaigns table). */
  clicks?: number
}

const number = (n: number) => n.toLocaleString('en-US')

/**
 * One of the tab's lists (top pages, sources...): a captioned table, or what it holds when empty.
 * A list with more rows than it holds offers 'Show more' (`onShowMore`), or says it holds the first
 * ones when it cannot show more.
 */
export function FigureTable({
  caption,
  column,
  rows,
  empty,
  more = false,
  onShowMore,
  clicks = false,
}: {
  caption: string
  column: string
  rows: FigureRow[]
  empty: string
  /** The list has more rows than these. */
  more?: boolean
  /** Shows more rows; absent when the list already holds as many as it can. */
  onShowMore?: () => void
  /** A 'Clicks' column: the `/go/` clicks of each row. */
  clicks?: boolean
}) {
  return (
    <div className="rounded-xl border border-line bg-panel p-4">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-base font-bold text-white">{caption}</caption>
        <thead className="text-gray-300">
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">
              {column}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Views
            </th>
            <th scope="col" className={`py-1 text-right font-semibold${clicks ? ' pr-2' : ''}`}>
              Visitors
            </th>
            {clicks && (
              <th scope="col" className="py-1 text-right font-semibold">
                Clicks
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={clicks ? 4 : 3} className="py-1 text-gray-300">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-line">
              <td className="max-w-0 truncate py-1 pr-2 text-gray-100">{row.label}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{number(row.views)}</td>
              <td className={`py-1 text-right tabular-nums${clicks ? ' pr-2' : ''}`}>{number(row.visitors)}</td>
              {clicks && <td className="py-1 text-right tabular-nums">{number(row.clicks ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {more &&
        (onShowMore ? (
          <button type="button" className="btn-outline mt-3" aria-label={`Show more: ${caption}`} onClick={onShowMore}>
            Show more
          </button>
        ) : (
          <p className="mt-3 text-sm text-gray-300">The first {number(rows.length)} rows.</p>
        ))}
    </div>
  )
}
