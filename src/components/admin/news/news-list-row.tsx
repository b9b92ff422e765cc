import { memo } from 'react'
import type { PanelTime } from '../../../lib/panel-time.ts'
import type { AdminNews } from '../shared/types.ts'
import { NewsRowMenu } from './news-row-menu.tsx'

/** The columns of a row at 1024 px and wider; one line of title and menu over one line of details below. */
export const rowGrid =
  'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 lg:grid-cols-[auto_minmax(0,1fr)_6.5rem_8rem_11rem_9rem_auto]'

type Status = 'Published' | 'Draft' | 'Scheduled'
const statusOf = (a: AdminNews): Status =>
  a.status === 'published' ? 'Published' : a.publishAt ? 'Scheduled' : 'Draft'
const tones: Record<Status, string> = {
  Published: 'bg-emerald-900 text-emerald-100',
  Draft: 'bg-amber-800 text-white',
  Scheduled: 'bg-sky-800 text-white',
}

interface Props {
  article: AdminNews
  /** Its place in the whole list (not the page): move up/down stop at the ends. */
  index: number
  count: number
  /** The panel's times (the list's heading names the zone). */
  time: PanelTime
  selected: boolean
  onSelect: (id: number, selected: boolean) => void
  onEdit: (article: AdminNews) => void
}

/**
 * One compact row (decision 0514): a box to choose it for bulk actions, the title (opens the
 * editor), status, category, date (a scheduled draft's publish time), author, and the menu of its
 * actions. Under 1024 px the details wrap on a second line; nothing is wider than the row.
 */
export const NewsListRow = memo(function NewsListRow({
  article,
  index,
  count,
  time,
  selected,
  onSelect,
  onEdit,
}: Props) {
  const status = statusOf(article)
  const date = status === 'Scheduled' ? article.publishAt! : article.timestamp
  return (
    <li className={`${rowGrid} gap-y-1 border-t border-line px-3 py-2.5 first:border-t-0`}>
      <input
        type="checkbox"
        className="h-4 w-4 accent-red-500"
        checked={selected}
        onChange={(event) => onSelect(article.id, event.target.checked)}
        aria-label={`Select ${article.title}`}
      />
      <button
        type="button"
        className="min-w-0 truncate text-left font-semibold text-white hover:underline"
        title={article.title}
        aria-label={`Edit ${article.title}`}
        onClick={() => onEdit(article)}
      >
        {article.title}
      </button>
      <div className="col-span-2 col-start-2 row-start-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-300 lg:contents lg:text-sm">
        <span>
          <span className={`rounded px-2 py-0.5 text-xs ${tones[status]}`}>{status}</span>
        </span>
        <span className="min-w-0 truncate">{article.category}</span>
        <time dateTime={date} className="min-w-0">
          {status === 'Scheduled' ? `Scheduled for ${time.cell(date)}` : time.cell(date)}
        </time>
        <span className="min-w-0 truncate">{article.author}</span>
      </div>
      <div className="col-start-3 row-start-1 lg:col-start-auto lg:row-start-auto">
        <NewsRowMenu article={article} index={index} count={count} onEdit={onEdit} />
      </div>
    </li>
  )
})
