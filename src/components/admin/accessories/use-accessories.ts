import { api, unwrap } from '../../../lib/api-client.ts'
import type { AccessoryBody } from '../../../lib/forms/accessory.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

const param = (id: number) => ({ id: String(id) })

/** Hardware: GET /api/admin/accessories (fresh, decision 0702), POST /api/accessories; PUT, DELETE /api/accessories/{id}. */
export const accessoryHooks = crudHooks({
  key: ['accessories'],
  alsoInvalidate: [['images']],
  list: () => unwrap(api.admin.accessories.$get()),
  create: (json: AccessoryBody) => unwrap(api.accessories.$post({ json })),
  update: (id, json: AccessoryBody) => unwrap(api.accessories[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.accessories[':id'].$delete({ param: param(id) })),
})

export const useAccessories = accessoryHooks.useList
export const useAddAccessory = accessoryHooks.useCreate
export const useSaveAccessory = accessoryHooks.useUpdate
export const useDeleteAccessory = accessoryHooks.useRemove
