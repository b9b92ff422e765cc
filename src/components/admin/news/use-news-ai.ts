import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify, serverMessage } from '../shared/toast.ts'
import { useStartJob } from '../shared/use-jobs.ts'
import { aiSettingsKey } from './use-ai-settings.ts'
import { fetchAdminNewsPage } from './use-news.ts'

/** The News tab's list (use-news.ts): drafts included. */
const newsKey = ['news'] as const

export interface NewsForm {
  championshipName: string
  contentType: 'motorsport' | 'e-sports'
  wordCount: number
  contentPrompt: string
  focusPrompt: string
}

/** The shell's banner follows this call by its key (shell/pending-ai-banner.tsx). */
export const generateNewsKey = ['ai', 'generate-news'] as const

/**
 * One AI article. Its toasts are the mutation's own, not the form's: they still come when the
 * owner has moved to another tab (the form is unmounted then, the call goes on).
 */
export function useGenerateNews() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: generateNewsKey,
    mutationFn: (form: NewsForm) => unwrap(api.admin['generate-championship-news'].$post({ json: form })),
    onSuccess: (article) => {
      notify.success('Draft Ready', `"${article.title}" is waiting for review.`)
      // The call saved the prompts it was given (spec 001 section 7).
      return refresh(client, newsKey, aiSettingsKey)
    },
    onError: (error) => {
      if (!isUnauthorized(error)) notify.failure('Generation Failed', serverMessage(error) ?? 'Failed to generate news')
    },
  })
}

/** Whether an AI article is being written, wherever it was started (the form may be a new one). */
export const useGeneratingNews = () => useIsMutating({ mutationKey: generateNewsKey }) > 0

export const useRefreshAllNews = () => useStartJob(() => unwrap(api.admin['refresh-all-news'].$post()))

export const useBulkNews = () =>
  useStartJob((form: Omit<NewsForm, 'championshipName'> & { championships: string[] }) =>
    unwrap(api.admin['generate-bulk-championship-news'].$post({ json: form })),
  )

/** Auto-format (spec 001): plain text in, sanitized HTML out. */
export const useFormatContent = () =>
  useMutation({
    mutationFn: (content: string) => unwrap(api.admin['format-news-content'].$post({ json: { content } })),
  })

/** An AI image for one article, stored in Blobs; the article answers with its new imageUrl. */
export function useGenerateNewsImage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.admin['generate-news-image'][':id'].$post({ param: { id: String(id) }, json: {} })),
    onSuccess: () => refresh(client, newsKey),
  })
}

/** How many drafts the review list shows at once (the News tab's list pages through all of them). */
export const DRAFTS_SHOWN = 20

/**
 * The News tab's review list: the newest drafts the AI wrote (not scheduled yet), and how many there
 * are. The owner's own drafts are in the list (its Drafts filter), not here twice (issue 36).
 */
export function useAiDrafts() {
  return useQuery({
    queryKey: [...newsKey, 'drafts', 'ai'],
    queryFn: () => fetchAdminNewsPage({ status: 'drafts', origin: 'ai' }, 0, DRAFTS_SHOWN),
  })
}
