import { memo } from 'react'
import { newsImageUrl } from '../../../lib/news-image.ts'
import { AdminImage } from '../shared/admin-image.tsx'
import { confirmDelete } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { RevisionHistory } from '../shared/revision-history.tsx'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { ArticlePreview } from './article-preview.tsx'
import { DraftActions, ScheduledBadge } from './draft-actions.tsx'
import { GenerateImageButton } from './generate-image-button.tsx'
import { NewsRowActions } from './news-row-actions.tsx'
import { useDeleteNews } from './use-news.ts'

interface Props {
  article: AdminNews
  /** Its place in the whole list (not the page): move up/down stop at the ends. */
  index: number
  count: number
  onEdit: (article: AdminNews) => void
  onDeleted: (id: number) => void
}

/**
 * One article of the list: picture (its own or its category's default), title with its status,
 * and the actions: move up/down, edit title, change image, Preview, Edit; a published article
 * also has Generate AI image and Delete (the spec's question), a draft Generate Image, Publish,
 * Unschedule (when scheduled) and Discard.
 */
export const NewsListRow = memo(function NewsListRow({ article, index, count, onEdit, onDeleted }: Props) {
  const remove = useDeleteNews()
  const draft = article.status === 'draft'
  const onDelete = async () => {
    if (!(await confirmDelete('Are you sure you want to delete this news article?'))) return
    // Awaited: the refreshed list unmounts this row, and mutate() would drop its callbacks then.
    try {
      await remove.mutateAsync(article.id)
      onDeleted(article.id)
      notify.success('Deleted!', 'The news article has been deleted.')
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to delete news article', error)
    }
  }
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-panel p-4 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 gap-4">
        <AdminImage src={newsImageUrl(article)} alt="" className="h-16 w-28 shrink-0 rounded object-cover" />
        <div className="min-w-0">
          <p className="font-bold text-white">
            {article.title}
            {draft && !article.publishAt && (
              <span className="ml-2 rounded bg-amber-800 px-2 py-0.5 text-xs">Draft</span>
            )}
            {draft && article.publishAt && <ScheduledBadge publishAt={article.publishAt} />}
            {article.aiGenerated && <span className="ml-2 rounded bg-gray-700 px-2 py-0.5 text-xs">AI-assisted</span>}
          </p>
          <p className="text-sm text-gray-300">
            {[article.category, article.author, article.contentType].filter(Boolean).join(' · ')}
          </p>
          <p className="line-clamp-2 text-sm text-gray-400">{article.excerpt}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <NewsRowActions article={article} index={index} count={count} />
        <ArticlePreview article={article} />
        {draft ? <DraftActions article={article} /> : <GenerateImageButton article={article} />}
        <button
          type="button"
          className="btn-outline"
          aria-label={`Edit ${article.title}`}
          onClick={() => onEdit(article)}
        >
          Edit
        </button>
        <RevisionHistory entity="news" id={article.id} name={article.title} />
        {!draft && (
          <button
            type="button"
            className="btn-outline"
            aria-label={`Delete ${article.title}`}
            disabled={remove.isPending}
            onClick={onDelete}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  )
})
