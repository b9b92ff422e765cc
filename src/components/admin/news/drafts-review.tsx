import { ArticlePreview } from './article-preview.tsx'
import { DraftActions } from './draft-actions.tsx'
import { SourcesList } from './sources-list.tsx'
import { DRAFTS_SHOWN, useAiDrafts } from './use-news-ai.ts'

/**
 * Drafts to review: the drafts the AI wrote (issue 36: the owner's own drafts are in the list
 * above, and were here a second time), what each says, where it comes from, Preview, Generate
 * Image, Publish and Discard. The public site never shows a draft. The newest DRAFTS_SHOWN are
 * here; the list above pages through all drafts (its Drafts filter).
 */
export function DraftsReview() {
  const { data, isError } = useAiDrafts()
  const drafts = data?.items
  const total = data?.total ?? 0

  return (
    <section aria-labelledby="drafts-heading" className="space-y-3 rounded-xl border border-line p-5">
      <h3 id="drafts-heading" className="text-lg font-bold text-white">
        Drafts to Review ({total})
      </h3>
      <p className="text-sm text-gray-300">
        Drafts the AI wrote, waiting for you. Your own drafts are in the list above (Drafts).
      </p>
      {isError && <p role="alert">The drafts could not be loaded.</p>}
      {drafts?.length === 0 && <p>No AI drafts waiting.</p>}
      {total > DRAFTS_SHOWN && (
        <p className="text-sm text-gray-300">
          The newest {DRAFTS_SHOWN} are here; choose Drafts in the list above for the others.
        </p>
      )}
      <ul className="space-y-3">
        {drafts?.map((article) => (
          <li key={article.id} className="rounded border border-line p-3">
            <p className="font-semibold">{article.title}</p>
            <p className="text-sm text-gray-300">{article.excerpt}</p>
            {article.sources.length > 0 && (
              <details className="mt-1 text-sm">
                <summary>Sources ({article.sources.length})</summary>
                <SourcesList sources={article.sources} />
              </details>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              <ArticlePreview article={article} />
              <DraftActions article={article} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
