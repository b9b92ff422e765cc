import { api, unwrap } from '../../../lib/api-client.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

export interface ReviewInput {
  title: string
  content: string
  rating: string
  author: string
  imageUrl: string
  gameId: number | null
}

const param = (id: number) => ({ id: String(id) })

/** Reviews: GET, POST /api/reviews; PUT, DELETE /api/reviews/{id}. */
export const reviewHooks = crudHooks({
  key: ['reviews'],
  list: () => unwrap(api.reviews.$get()),
  create: (json: ReviewInput) => unwrap(api.reviews.$post({ json })),
  update: (id, json: ReviewInput) => unwrap(api.reviews[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.reviews[':id'].$delete({ param: param(id) })),
})

export const useReviews = reviewHooks.useList
export const useAddReview = reviewHooks.useCreate
export const useSaveReview = reviewHooks.useUpdate
export const useDeleteReview = reviewHooks.useRemove
