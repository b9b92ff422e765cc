import { useCallback, useState } from 'react'
import { useAiStatus } from '../shared/ai-status.ts'
import { confirmDiscard } from '../shared/confirm.tsx'
import type { AdminNews } from '../shared/types.ts'
import { forgetUnsavedChanges, hasUnsavedChanges } from '../shared/unsaved.ts'
import { DraftsReview } from './drafts-review.tsx'
import { NewsForm } from './news-form.tsx'
import { NewsGenerator } from './news-generator.tsx'
import { NewsList } from './news-list.tsx'
import { RecentlyDeleted } from '../shared/recently-deleted.tsx'
import { useDrafts } from './use-news-ai.ts'

/**
 * News tab: the AI generator and the drafts to review, the form (Publish, Save as Draft, Schedule)
 * and the paged list. The form keeps its own state and the list is memoised with stable callbacks,
 * so typing renders the form alone (docs/decisions/0115).
 */
export default function NewsTab() {
  // The generators' notice and the drafts come first; the form waits for them, since what arrives
  // would push the form down as the pointer reaches it.
  const above = [useAiStatus(), useDrafts()]
  const [editing, setEditing] = useState<AdminNews | null>(null)

  const onEdit = useCallback(async (article: AdminNews) => {
    if (hasUnsavedChanges() && !(await confirmDiscard())) return
    forgetUnsavedChanges()
    setEditing(article)
    document.getElementById('news-form')?.scrollIntoView({ block: 'start' })
  }, [])
  const onDeleted = useCallback((id: number) => setEditing((e) => (e?.id === id ? null : e)), [])
  const onDone = useCallback(() => setEditing(null), [])

  return (
    <div className="flex flex-col gap-8">
      <h2 className="section-title">News Management</h2>
      <div className="flex flex-col gap-6">
        <NewsGenerator />
        <DraftsReview />
      </div>
      {!above.some((q) => q.isPending) && (
        <>
          <NewsForm key={editing?.id ?? 'new'} editing={editing} onDone={onDone} />
          <NewsList onEdit={onEdit} onDeleted={onDeleted} />
          <RecentlyDeleted entity="news" />
        </>
      )}
    </div>
  )
}
