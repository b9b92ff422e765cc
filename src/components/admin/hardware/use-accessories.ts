import { crudHooks } from '../shared/crud-hooks.ts'
import { send } from '../shared/http.ts'
import type { AdminAccessory } from '../shared/types.ts'

export interface AccessoryInput {
  name: string
  brand: string
  category: string
  purchaseUrl: string
  imageUrl: string
  description: string
  rating: string
  price: string
}

/** Hardware: GET, POST /api/accessories; PUT, DELETE /api/accessories/{id}. */
export const accessoryHooks = crudHooks<AdminAccessory, AccessoryInput>({
  key: ['accessories'],
  alsoInvalidate: [['images']],
  list: () => send('GET', '/api/accessories'),
  create: (input) => send('POST', '/api/accessories', input),
  update: (id, input) => send('PUT', `/api/accessories/${id}`, input),
  remove: (id) => send('DELETE', `/api/accessories/${id}`),
})

export const useAccessories = accessoryHooks.useList
export const useAddAccessory = accessoryHooks.useCreate
export const useSaveAccessory = accessoryHooks.useUpdate
export const useDeleteAccessory = accessoryHooks.useRemove
