import { useDrafts, usePublishNews } from './use-news-ai.ts'
import { notify } from '../shared/toast.ts'
import { DraftPreview } from './draft-preview.tsx'
import { SourcesList } from './sources-list.tsx'

/** AI drafts to review: what each says, where it comes from, and Publish (the public site never shows a draft). */
export function DraftsReview() {
  const { data: drafts, isError } = useDrafts()
  const publish = usePublishNews()

  return (
    <section aria-labelledby="drafts-heading" className="space-y-3 rounded-xl border border-line p-5">
      <h3 id="drafts-heading" className="text-lg font-bold text-white">
        Drafts to Review ({drafts?.length ?? 0})
      </h3>
      {isError && <p role="alert">The drafts could not be loaded.</p>}
      {drafts?.length === 0 && <p>No drafts waiting.</p>}
      <ul className="space-y-3">
        {drafts?.map((article) => (
          <li key={article.id} className="rounded border border-line p-3">
            <p className="font-semibold">
              {article.title} {article.aiGenerated && <span className="text-xs text-gray-300">(AI-assisted)</span>}
            </p>
            <p className="text-sm text-gray-300">{article.excerpt}</p>
            {article.sources.length > 0 && (
              <details className="mt-1 text-sm">
                <summary>Sources ({article.sources.length})</summary>
                <SourcesList sources={article.sources} />
              </details>
            )}
            <DraftPreview article={article} />
            <button
              type="button"
              className="btn-primary mt-2 ml-2"
              aria-label={`Publish ${article.title}`}
              disabled={publish.isPending}
              onClick={() =>
                publish.mutate(article.id, {
                  onSuccess: () => notify.success('Article Published', 'It will be on the site after the next build.'),
                  onError: () => notify.failure('Update Failed', 'Failed to update news article'),
                })
              }
            >
              Publish
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
