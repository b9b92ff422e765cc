import { api, unwrap } from '../../../lib/api-client.ts'
import type { ChampionshipEntryBody } from '../../../lib/forms/championship-entry.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

const param = (id: number) => ({ id: String(id) })

/**
 * Individual standing entries: GET /api/admin/championships (fresh, decision 0702), POST
 * /api/championships; PUT, DELETE /api/championships/{id}.
 */
export const championshipEntryHooks = crudHooks({
  key: ['championships'],
  list: () => unwrap(api.admin.championships.$get()),
  create: (json: ChampionshipEntryBody) => unwrap(api.championships.$post({ json })),
  update: (id, json: ChampionshipEntryBody) => unwrap(api.championships[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.championships[':id'].$delete({ param: param(id) })),
})

export const useChampionshipEntries = championshipEntryHooks.useList
export const useAddChampionshipEntry = championshipEntryHooks.useCreate
export const useSaveChampionshipEntry = championshipEntryHooks.useUpdate
export const useDeleteChampionshipEntry = championshipEntryHooks.useRemove
