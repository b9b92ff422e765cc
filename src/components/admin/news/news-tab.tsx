import { useCallback, useMemo, useState } from 'react'
import { RecentlyDeleted } from '../shared/recently-deleted.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { loadArticleEditor } from './content-field.tsx'
import { DraftsReview } from './drafts-review.tsx'
import { NewsEditorView } from './news-editor-view.tsx'
import { NewsGenerator } from './news-generator.tsx'
import { NewsList } from './news-list.tsx'
import { fetchAdminArticle } from './use-news.ts'

type View = { kind: 'list' } | { kind: 'editor'; article: AdminNews | null }

/**
 * News tab (decision 0514): the list of articles first, then the drafts to review, the AI
 * generator (folded) and the recently deleted. Editing opens the editor as its own view; the list
 * stays mounted behind it (hidden), so 'Back to articles' returns to the same page, filter and
 * search. Typing in the form renders the form alone (decision 0115).
 */
export default function NewsTab() {
  const [view, setView] = useState<View>({ kind: 'list' })

  const onEdit = useCallback(async (article: AdminNews) => {
    void loadArticleEditor()
    try {
      // The copy the list holds may be minutes old: the editor starts from the article as it is now.
      const latest = await fetchAdminArticle(article.id)
      setView({ kind: 'editor', article: latest })
      window.scrollTo({ top: 0 })
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to load the article', error)
    }
  }, [])
  const onNew = useCallback(() => {
    setView({ kind: 'editor', article: null })
    window.scrollTo({ top: 0 })
  }, [])
  const below = useMemo(
    () => (
      <>
        <DraftsReview />
        <NewsGenerator />
        <RecentlyDeleted entity="news" />
      </>
    ),
    [],
  )

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <h2 className="section-title">News Management</h2>
      {view.kind === 'editor' && <NewsEditorView article={view.article} onBack={() => setView({ kind: 'list' })} />}
      <div hidden={view.kind === 'editor'} className="flex min-w-0 flex-col gap-8">
        <NewsList onEdit={onEdit} onNew={onNew} below={below} />
      </div>
    </div>
  )
}
