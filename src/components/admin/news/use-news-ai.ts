import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { useStartJob } from '../shared/use-jobs.ts'
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

export function useGenerateNews() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (form: NewsForm) => unwrap(api.admin['generate-championship-news'].$post({ json: form })),
    onSuccess: () => refresh(client, newsKey),
  })
}

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

/** The News tab's review list: the newest drafts kept by hand or written by AI, and how many there are. */
export function useDrafts() {
  return useQuery({
    queryKey: [...newsKey, 'drafts'],
    queryFn: () => fetchAdminNewsPage({ status: 'drafts' }, 0, DRAFTS_SHOWN),
  })
}
