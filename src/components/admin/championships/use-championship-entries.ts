import { api, unwrap } from '../../../lib/api-client.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

export interface ChampionshipEntryInput {
  name: string
  team: string
  points: number
  position: number
  championshipType: string
  lastLap: string
  status: string
  officialUrl: string
}

const param = (id: number) => ({ id: String(id) })

/** Individual standing entries: GET, POST /api/championships; PUT, DELETE /api/championships/{id}. */
export const championshipEntryHooks = crudHooks({
  key: ['championships'],
  list: () => unwrap(api.championships.$get()),
  create: (json: ChampionshipEntryInput) => unwrap(api.championships.$post({ json })),
  update: (id, json: ChampionshipEntryInput) => unwrap(api.championships[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.championships[':id'].$delete({ param: param(id) })),
})

export const useChampionshipEntries = championshipEntryHooks.useList
export const useAddChampionshipEntry = championshipEntryHooks.useCreate
export const useSaveChampionshipEntry = championshipEntryHooks.useUpdate
export const useDeleteChampionshipEntry = championshipEntryHooks.useRemove
