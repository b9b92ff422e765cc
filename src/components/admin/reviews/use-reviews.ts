import { api, unwrap } from '../../../lib/api-client.ts'
import type { ReviewBody } from '../../../lib/forms/review.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

const param = (id: number) => ({ id: String(id) })

/** Reviews: GET /api/admin/reviews (fresh, decision 0702), POST /api/reviews; PUT, DELETE /api/reviews/{id}. */
export const reviewHooks = crudHooks({
  key: ['reviews'],
  list: () => unwrap(api.admin.reviews.$get()),
  create: (json: ReviewBody) => unwrap(api.reviews.$post({ json })),
  update: (id, json: ReviewBody) => unwrap(api.reviews[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.reviews[':id'].$delete({ param: param(id) })),
})

export const useReviews = reviewHooks.useList
export const useAddReview = reviewHooks.useCreate
export const useSaveReview = reviewHooks.useUpdate
export const useDeleteReview = reviewHooks.useRemove
