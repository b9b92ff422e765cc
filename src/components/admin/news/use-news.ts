import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { throwIfNotOk } from '../../../lib/http-error.ts'
import { totalFrom } from '../../../lib/news-pages.ts'
import { refresh } from '../shared/refresh.ts'
import { revisionsKey } from '../shared/use-revisions.ts'
import type { NewsBody } from '../../../lib/forms/news.ts'
import type { BulkNewsBody } from '../../../lib/forms/news-bulk.ts'
import type { AdminNews } from '../shared/types.ts'

/** What the news form sends: the route's own contract (src/lib/forms/news.ts). */
export type NewsInput = NewsBody

export type NewsStatusFilter = 'all' | 'drafts' | 'published' | 'scheduled'
export const NEWS_ADMIN_PAGE_SIZE = 20

export interface NewsListParams {
  search: string
  status: NewsStatusFilter
  /** 0-based. */
  page: number
}

/** Every news query starts with this key: a write refreshes them all (list pages, counts, drafts). */
const key = ['news']
const param = (id: number) => ({ id: String(id) })

/**
 * The list read after a delete carries the cache-busting parameter t (spec 001 section 7), so a
 * cached copy is never taken for the new list.
 */
let cacheBuster: string | undefined

/** One page of the admin list (GET /api/admin/news: drafts too, never cached) and the list's total. */
export async function fetchAdminNewsPage(
  filter: { search?: string; status?: Exclude<NewsStatusFilter, 'all'>; origin?: 'ai' },
  offset: number,
  limit: number,
): Promise<{ items: AdminNews[]; total: number }> {
  const search = filter.search?.trim()
  const response = await api.admin.news.$get({
    query: {
      limit: String(limit),
      offset: String(offset),
      ...(search ? { search } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.origin ? { origin: filter.origin } : {}),
      ...(cacheBuster ? { t: cacheBuster } : {}),
    },
  })
  await throwIfNotOk(response)
  const items: AdminNews[] = await response.json()
  return { items, total: totalFrom(response.headers.get('X-Total-Count'), offset, items.length) }
}

/** The page asked for; while the next one loads the last one stays (nothing jumps under the pointer). */
export const useNewsPage = ({ search, status, page }: NewsListParams) =>
  useQuery({
    queryKey: [...key, 'page', { search: search.trim(), status, page }],
    queryFn: () =>
      fetchAdminNewsPage(
        { search, status: status === 'all' ? undefined : status },
        page * NEWS_ADMIN_PAGE_SIZE,
        NEWS_ADMIN_PAGE_SIZE,
      ),
    placeholderData: keepPreviousData,
  })

/** How many articles each status filter holds, for the list's search. */
export const useNewsCounts = (search: string) =>
  useQuery({
    queryKey: [...key, 'counts', search.trim()],
    queryFn: () => {
      const term = search.trim()
      return unwrap(api.admin.news.counts.$get({ query: term ? { search: term } : {} }))
    },
    placeholderData: keepPreviousData,
  })

function useNewsMutation<V, R>(call: (v: V) => Promise<R>, alsoImages = false) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    // Open histories follow every change of an article (src/components/admin/shared/use-revisions.ts).
    onSuccess: () => (alsoImages ? refresh(client, key, revisionsKey, ['images']) : refresh(client, key, revisionsKey)),
  })
}

export const useAddNews = () => useNewsMutation((json: NewsInput) => unwrap(api.news.$post({ json })), true)

export const useSaveNews = () =>
  useNewsMutation(
    ({ id, input }: { id: number; input: NewsInput }) =>
      unwrap(api.news[':id'].$put({ param: param(id), json: input })),
    true,
  )

export const useDeleteNews = () =>
  useNewsMutation(async (id: number) => {
    const answer = await unwrap(api.news[':id'].$delete({ param: param(id) }))
    cacheBuster = String(Date.now())
    return answer
  }, true)

/** The article as it is now (the editor opens this copy, and reloads it after a conflict). */
export async function fetchAdminArticle(id: number): Promise<AdminNews> {
  return unwrap(api.admin.news[':id'].$get({ param: param(id) })) as Promise<AdminNews>
}

/** Publish, back to draft or delete the chosen articles, all or nothing (POST /api/admin/news/bulk). */
export const useBulkNewsAction = () =>
  useNewsMutation(async (json: BulkNewsBody) => {
    const answer = await unwrap(api.admin.news.bulk.$post({ json }))
    if (json.action === 'delete') cacheBuster = String(Date.now())
    return answer
  }, true)

export const usePublishNews = () =>
  useNewsMutation((id: number) => unwrap(api.admin.news[':id'].publish.$post({ param: param(id) })))

export const useUnscheduleNews = () =>
  useNewsMutation((id: number) => unwrap(api.admin.news[':id'].unschedule.$post({ param: param(id) })))

export const useMoveNews = () =>
  useNewsMutation(({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
    unwrap(
      direction === 'up'
        ? api.admin['move-news-up'][':id'].$post({ param: param(id) })
        : api.admin['move-news-down'][':id'].$post({ param: param(id) }),
    ),
  )

export const useUpdateNewsTitle = () =>
  useNewsMutation(({ id, title }: { id: number; title: string }) =>
    unwrap(api.admin['update-news-title'][':id'].$post({ param: param(id), json: { title } })),
  )

export const useUpdateNewsImage = () =>
  useNewsMutation(({ id, imageUrl }: { id: number; imageUrl: string }) =>
    unwrap(api.news[':id'].image.$put({ param: param(id), json: { imageUrl } })),
  )
