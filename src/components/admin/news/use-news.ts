import { useMutation, useQueryClient } from '@tanstack/react-query'
import { crudHooks } from '../shared/crud-hooks.ts'
import { send } from '../shared/http.ts'
import type { AdminNews } from '../shared/types.ts'

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

/**
 * News: GET, POST /api/news; PUT, DELETE /api/news/{id}. The list read after a delete carries the
 * cache-busting parameter t (spec 001 section 7), so a CDN copy is never mistaken for the new list.
 */
let bust = ''
export const newsHooks = crudHooks<AdminNews, NewsInput>({
  key,
  alsoInvalidate: [['images']],
  list: () => send('GET', bust ? `/api/news?t=${bust}` : '/api/news'),
  create: (input) => send('POST', '/api/news', input),
  update: (id, input) => send('PUT', `/api/news/${id}`, input),
  remove: async (id) => {
    const answer = await send<unknown>('DELETE', `/api/news/${id}`)
    bust = String(Date.now())
    return answer
  },
})

export const useNews = newsHooks.useList
export const useAddNews = newsHooks.useCreate
export const useSaveNews = newsHooks.useUpdate
export const useDeleteNews = newsHooks.useRemove

function useNewsMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) })
}

export const useMoveNews = () =>
  useNewsMutation(({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
    send('POST', `/api/admin/move-news-${direction}/${id}`),
  )

export const useUpdateNewsTitle = () =>
  useNewsMutation(({ id, title }: { id: number; title: string }) =>
    send('POST', `/api/admin/update-news-title/${id}`, { title }),
  )

export const useUpdateNewsImage = () =>
  useNewsMutation(({ id, imageUrl }: { id: number; imageUrl: string }) =>
    send('PUT', `/api/news/${id}/image`, { imageUrl }),
  )
