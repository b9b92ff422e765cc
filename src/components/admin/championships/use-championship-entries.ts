import { crudHooks } from '../shared/crud-hooks.ts'
import { send } from '../shared/http.ts'
import type { AdminChampionshipEntry } from '../shared/types.ts'

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

/** Individual standing entries: GET, POST /api/championships; PUT, DELETE /api/championships/{id}. */
export const championshipEntryHooks = crudHooks<AdminChampionshipEntry, ChampionshipEntryInput>({
  key: ['championships'],
  list: () => send('GET', '/api/championships'),
  create: (input) => send('POST', '/api/championships', input),
  update: (id, input) => send('PUT', `/api/championships/${id}`, input),
  remove: (id) => send('DELETE', `/api/championships/${id}`),
})

export const useChampionshipEntries = championshipEntryHooks.useList
export const useAddChampionshipEntry = championshipEntryHooks.useCreate
export const useSaveChampionshipEntry = championshipEntryHooks.useUpdate
export const useDeleteChampionshipEntry = championshipEntryHooks.useRemove
