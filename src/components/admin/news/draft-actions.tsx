import { confirmAction } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { GenerateImageButton } from './generate-image-button.tsx'
import { useDeleteNews, usePublishNews, useUnscheduleNews } from './use-news.ts'

/**
 * Runs a call and toasts its outcome. Awaited rather than given to mutate(): the call's success
 * refreshes the lists, which unmounts this draft's row, and mutate() drops the callbacks of an
 * unmounted component (the toast never showed).
 */
async function attempt(call: Promise<unknown>, success: [string, string], failure: [string, string]) {
  try {
    await call
    notify.success(...success)
  } catch (error) {
    if (!isUnauthorized(error)) notify.failed(...failure, error)
  }
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
    await attempt(
      discard.mutateAsync(article.id),
      ['Draft Discarded', `"${article.title}" was deleted.`],
      ['Error', 'Failed to delete news article'],
    )
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
            attempt(
              unschedule.mutateAsync(article.id),
              ['Article Unscheduled', 'It stays a draft until you publish it.'],
              ['Update Failed', 'Failed to update news article'],
            )
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
          attempt(
            publish.mutateAsync(article.id),
            ['Article Published', 'It is on the site now.'],
            ['Update Failed', 'Failed to update news article'],
          )
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
