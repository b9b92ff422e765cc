import { articlePath } from '../../../lib/news-address.ts'
import { useState } from 'react'
import { confirmDiscard } from '../shared/confirm.tsx'
import { RevisionHistory } from '../shared/revision-history.tsx'
import type { AdminNews } from '../shared/types.ts'
import { forgetUnsavedChanges, hasUnsavedChanges } from '../shared/unsaved.ts'
import { NewsForm } from './news-form.tsx'
import { useShareNow } from './use-share-now.ts'

interface Props {
  /** The article as read when the editor opened, or null for a new one. */
  article: AdminNews | null
  onBack: () => void
}

/**
 * Editing an article is its own view (decision 0514): 'Back to articles' (asks when changes are
 * unsaved), the article's History, its page on the site and 'Share now' (a published one: one more
 * post on every connected channel), then the form with the editor.
 */
export function NewsEditorView({ article: opened, onBack }: Props) {
  // 'Reload article' after a conflict opens the article as it is now, in a new form.
  const [article, setArticle] = useState(opened)
  const shareNow = useShareNow()
  const back = async () => {
    if (hasUnsavedChanges() && !(await confirmDiscard())) return
    forgetUnsavedChanges()
    onBack()
  }
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-outline" onClick={() => void back()}>
          <span aria-hidden="true">← </span>Back to articles
        </button>
        {article && <RevisionHistory entity="news" id={article.id} name={article.title} />}
        {article?.status === 'published' && (
          <a href={articlePath(article)} target="_blank" rel="noopener" className="btn-outline">
            View on site
          </a>
        )}
        {article?.status === 'published' && (
          <button
            type="button"
            className="btn-outline"
            disabled={shareNow.pending}
            aria-busy={shareNow.pending}
            onClick={() => void shareNow.share(article)}
          >
            Share now
          </button>
        )}
      </div>
      <NewsForm
        key={article ? `${article.id} ${article.updatedAt}` : 'new'}
        editing={article}
        reloaded={article !== opened}
        onDone={onBack}
        onReload={(latest) => {
          forgetUnsavedChanges()
          setArticle(latest)
        }}
      />
    </div>
  )
}
