import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { crudHooks } from '../shared/crud-hooks.ts'
import { refresh } from '../shared/refresh.ts'
import { revisionsKey } from '../shared/use-revisions.ts'

export interface NewsInput {
  title: string
  content: string
  author: string
  category: string
  contentType: 'motorsport' | 'e-sports'
  sourceUrl: string
  imageUrl: string
}

const key = ['news']
const param = (id: number) => ({ id: String(id) })

/**
 * News: the list from GET /api/admin/news (drafts too, decision 0403); POST /api/news; PUT, DELETE
 * /api/news/{id}. The list read after a delete carries the
 * cache-busting parameter t (spec 001 section 7), so a cached copy is never taken for the new list.
 */
let cacheBuster: string | undefined

/** Every article, AI drafts awaiting review included (GET /api/admin/news, never cached). */
export const listAdminNews = () => unwrap(api.admin.news.$get({ query: cacheBuster ? { t: cacheBuster } : {} }))

export const newsHooks = crudHooks({
  key,
  alsoInvalidate: [['images']],
  list: listAdminNews,
  create: (json: NewsInput) => unwrap(api.news.$post({ json })),
  update: (id, json: NewsInput) => unwrap(api.news[':id'].$put({ param: param(id), json })),
  remove: async (id) => {
    const answer = await unwrap(api.news[':id'].$delete({ param: param(id) }))
    cacheBuster = String(Date.now())
    return answer
  },
})

export const useNews = newsHooks.useList
export const useAddNews = newsHooks.useCreate
export const useSaveNews = newsHooks.useUpdate
export const useDeleteNews = newsHooks.useRemove

function useNewsMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => refresh(client, key, revisionsKey) })
}

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
