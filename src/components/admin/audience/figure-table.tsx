import type { ReactNode } from 'react'

export interface FigureRow {
  key: string
  label: ReactNode
  views: number
  visitors: number
}

const number = (n: number) => n.toLocaleString('en-US')

/** One of the tab's lists (top pages, sources...): a captioned table, or what it holds when empty. */
export function FigureTable({
  caption,
  column,
  rows,
  empty,
}: {
  caption: string
  column: string
  rows: FigureRow[]
  empty: string
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
            <th scope="col" className="py-1 text-right font-semibold">
              Visitors
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="py-1 text-gray-300">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-line">
              <td className="max-w-0 truncate py-1 pr-2 text-gray-100">{row.label}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{number(row.views)}</td>
              <td className="py-1 text-right tabular-nums">{number(row.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
