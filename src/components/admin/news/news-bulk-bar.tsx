import type { BulkNewsBody } from '../../../lib/forms/news-bulk.ts'
import { confirmDelete } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useBulkNewsAction } from './use-news.ts'

const articles = (n: number) => (n === 1 ? '1 article' : `${n} articles`)

/**
 * The spec's delete question for one article; for several, the same question in the plural
 * (decision 0514).
 */
export const bulkDeleteQuestion = (n: number) =>
  n === 1
    ? 'Are you sure you want to delete this news article?'
    : `Are you sure you want to delete these ${n} news articles?`

const success: Record<BulkNewsBody['action'], (changed: number) => [string, string]> = {
  publish: (n) =>
    n
      ? ['Articles Published', `${articles(n)} ${n === 1 ? 'is' : 'are'} on the site now.`]
      : ['Nothing to Publish', 'The chosen articles were already published.'],
  draft: (n) =>
    n
      ? ['Moved Back to Draft', `${articles(n)} ${n === 1 ? 'is' : 'are'} off the site now.`]
      : ['Nothing to Change', 'The chosen articles were already drafts.'],
  delete: (n) => ['Deleted!', n === 1 ? 'The news article has been deleted.' : `${n} news articles have been deleted.`],
}

interface Props {
  selected: number[]
  allOnPage: boolean
  someOnPage: boolean
  onSelectPage: (selected: boolean) => void
  onDone: () => void
}

/**
 * Bulk actions on the chosen articles (POST /api/admin/news/bulk, all or nothing): Publish, Back
 * to draft, Delete (asks first). Always shown, so choosing a row moves nothing under the pointer.
 */
export function NewsBulkBar({ selected, allOnPage, someOnPage, onSelectPage, onDone }: Props) {
  const bulk = useBulkNewsAction()
  const n = selected.length
  const run = async (action: BulkNewsBody['action']) => {
    if (action === 'delete' && !(await confirmDelete(bulkDeleteQuestion(n)))) return
    try {
      const { changed } = await bulk.mutateAsync({ action, ids: selected })
      onDone()
      notify.success(...success[action](changed))
    } catch (error) {
      if (isUnauthorized(error)) return
      notify.failed(
        'Error',
        action === 'delete' ? 'Failed to delete news article' : 'Failed to update news article',
        error,
      )
    }
  }
  const off = n === 0 || bulk.isPending
  return (
    <div
      role="group"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line px-3 py-2"
    >
      <label className="flex items-center gap-2 text-sm text-gray-200">
        <input
          type="checkbox"
          className="h-4 w-4 accent-red-500"
          checked={allOnPage}
          ref={(box) => {
            if (box) box.indeterminate = someOnPage && !allOnPage
          }}
          onChange={(event) => onSelectPage(event.target.checked)}
        />
        Select all on this page
      </label>
      <span className="text-sm text-gray-300" aria-live="polite">
        {n === 0 ? 'None selected' : `${n} selected`}
      </span>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline"
          disabled={off}
          aria-label="Publish selected articles"
          onClick={() => void run('publish')}
        >
          Publish
        </button>
        <button
          type="button"
          className="btn-outline"
          disabled={off}
          aria-label="Move selected articles back to draft"
          onClick={() => void run('draft')}
        >
          Back to draft
        </button>
        <button
          type="button"
          className="btn-outline"
          disabled={off}
          aria-label="Delete selected articles"
          onClick={() => void run('delete')}
        >
          Delete
        </button>
      </div>
    </div>
  )
}
