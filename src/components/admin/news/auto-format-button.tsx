import { canAutoFormat } from '../../../lib/admin/form-rules.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useAiReady } from '../shared/ai-not-configured.tsx'
import { useFormatContent } from './use-news-ai.ts'

/**
 * The news form's 'Auto-format' button: plain text in, the article's HTML out (OpenAI). Spec 001:
 * enabled only for content that exists and has no angle-bracket markup; the visual editor's bare
 * paragraphs count as plain text (plainTextOfParagraphs, decision 0510).
 */
export function AutoFormatButton({ content, onFormatted }: { content: string; onFormatted: (html: string) => void }) {
  const format = useFormatContent()
  const { ready, notice } = useAiReady('openai')
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={!ready || !canAutoFormat(content) || format.isPending}
          aria-busy={format.isPending}
          onClick={() =>
            format.mutate(content, {
              onSuccess: ({ formattedContent }) => {
                onFormatted(formattedContent)
                notify.success('Content Formatted', 'The content has been formatted as HTML.')
              },
              onError: (error) => {
                if (!isUnauthorized(error)) notify.failed('Format Failed', 'Unable to format content', error)
              },
            })
          }
        >
          {format.isPending ? 'Formatting...' : 'Auto-format'}
        </button>
        <span className="text-sm text-gray-300">For plain text: paragraphs and headings become HTML.</span>
      </div>
      {notice}
    </div>
  )
}
