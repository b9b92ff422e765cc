import { crudHooks } from '../shared/crud-hooks.ts'
import { send } from '../shared/http.ts'
import type { AdminReview } from '../shared/types.ts'

export interface ReviewInput {
  title: string
  content: string
  rating: string
  author: string
  imageUrl: string
  gameId: number | null
}

/** Reviews: GET, POST /api/reviews; PUT, DELETE /api/reviews/{id}. */
export const reviewHooks = crudHooks<AdminReview, ReviewInput>({
  key: ['reviews'],
  list: () => send('GET', '/api/reviews'),
  create: (input) => send('POST', '/api/reviews', input),
  update: (id, input) => send('PUT', `/api/reviews/${id}`, input),
  remove: (id) => send('DELETE', `/api/reviews/${id}`),
})

export const useReviews = reviewHooks.useList
export const useAddReview = reviewHooks.useCreate
export const useSaveReview = reviewHooks.useUpdate
export const useDeleteReview = reviewHooks.useRemove
