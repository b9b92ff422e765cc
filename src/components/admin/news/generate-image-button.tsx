import { useId } from 'react'
import { Tip } from '../../ui/tip.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { useAiStatus } from '../shared/ai-status.ts'
import { useGenerateNewsImage } from './use-news-ai.ts'

/**
 * A news row's 'Generate AI image' (OpenAI): the picture is stored in Blobs and set on the article.
 * Drafts show it in words ('Generate Image'), offered before they are published.
 */
export function GenerateImageButton({ article, inWords = false }: { article: AdminNews; inWords?: boolean }) {
  const generate = useGenerateNewsImage()
  const configured = useAiStatus().data?.openai.configured ?? false
  const busy = generate.isPending && generate.variables === article.id
  const reasonId = useId()
  const button = (
    <Tip text={configured ? 'Generate AI image' : 'AI is not configured: set OPENAI_API_KEY'}>
      <button
        type="button"
        className="btn-outline"
        aria-label={`Generate AI image for ${article.title}`}
        aria-describedby={configured ? undefined : reasonId}
        aria-busy={busy}
        disabled={!configured || generate.isPending}
        onClick={() =>
          generate.mutate(article.id, {
            onSuccess: () => notify.success('Image Generated', `A new image was set on "${article.title}".`),
            onError: (error) => {
              if (!isUnauthorized(error)) notify.failed('Error', 'Failed to generate image', error)
            },
          })
        }
      >
        {inWords ? (busy ? 'Generating...' : 'Generate Image') : busy ? 'Generating...' : 'AI Image'}
      </button>
    </Tip>
  )
  if (configured) return button
  // Why it cannot be used, written beside it: a phone cannot hover for the tooltip (issue 25).
  return (
    <span className="inline-flex items-center gap-2">
      {button}
      <span id={reasonId} className="text-xs text-amber-200">
        Needs OPENAI_API_KEY
      </span>
    </span>
  )
}
