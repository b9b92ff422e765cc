import { longDateTime } from '../../../lib/dates.ts'
import { confirmAction } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { GenerateImageButton } from './generate-image-button.tsx'
import { useDeleteNews, usePublishNews, useUnscheduleNews } from './use-news.ts'

const failed = (title: string, text: string) => (error: unknown) => {
  if (!isUnauthorized(error)) notify.failed(title, text, error)
}

/** The 'Scheduled for <date>' badge of a scheduled draft (dates in UTC, decision 0104). */
export function ScheduledBadge({ publishAt }: { publishAt: string }) {
  return (
    <span className="ml-2 rounded bg-sky-800 px-2 py-0.5 text-xs text-white">
      Scheduled for {longDateTime(publishAt)}
    </span>
  )
}

/**
 * What the owner does with a draft before it goes live: Generate Image, Publish (now), Unschedule
 * (a scheduled one), Discard (asks first; a draft was never public, so nothing is rebuilt for it).
 */
export function DraftActions({ article }: { article: AdminNews }) {
  const publish = usePublishNews()
  const unschedule = useUnscheduleNews()
  const discard = useDeleteNews()
  const busy = publish.isPending || unschedule.isPending || discard.isPending

  const onDiscard = async () => {
    const ok = await confirmAction({
      title: 'Discard draft?',
      description: `"${article.title}" will be deleted. It was never on the site.`,
      action: 'Discard',
    })
    if (!ok) return
    discard.mutate(article.id, {
      onSuccess: () => notify.success('Draft Discarded', `"${article.title}" was deleted.`),
      onError: failed('Error', 'Failed to delete news article'),
    })
  }

  return (
    <>
      <GenerateImageButton article={article} inWords />
      {article.publishAt && (
        <button
          type="button"
          className="btn-outline"
          aria-label={`Unschedule ${article.title}`}
          disabled={busy}
          onClick={() =>
            unschedule.mutate(article.id, {
              onSuccess: () => notify.success('Article Unscheduled', 'It stays a draft until you publish it.'),
              onError: failed('Update Failed', 'Failed to update news article'),
            })
          }
        >
          Unschedule
        </button>
      )}
      <button
        type="button"
        className="btn-primary"
        aria-label={`Publish ${article.title}`}
        disabled={busy}
        onClick={() =>
          publish.mutate(article.id, {
            onSuccess: () => notify.success('Article Published', 'It will be on the site after the next build.'),
            onError: failed('Update Failed', 'Failed to update news article'),
          })
        }
      >
        Publish
      </button>
      <button
        type="button"
        className="btn-outline"
        aria-label={`Discard ${article.title}`}
        disabled={busy}
        onClick={onDiscard}
      >
        Discard
      </button>
    </>
  )
}
