import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { useStartJob } from '../shared/use-jobs.ts'
import { listAdminNews } from './use-news.ts'

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

export function usePublishNews() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.admin.news[':id'].publish.$post({ param: { id: String(id) } })),
    onSuccess: () => refresh(client, newsKey),
  })
}

/** The News tab's review list: AI drafts awaiting the owner (from the admin list, drafts included). */
export function useDrafts() {
  return useQuery({
    queryKey: newsKey,
    queryFn: listAdminNews,
    select: (articles) => articles.filter((a) => a.status === 'draft'),
  })
}
