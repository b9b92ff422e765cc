import { api, unwrap } from '../../../lib/api-client.ts'
import type { GameBody } from '../../../lib/forms/game.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

const param = (id: number) => ({ id: String(id) })

/** Games: GET /api/games, POST /api/admin/games, PUT and DELETE /api/admin/games/{id}. */
export const gameHooks = crudHooks({
  key: ['games'],
  alsoInvalidate: [['images']],
  list: () => unwrap(api.games.$get()),
  create: (json: GameBody) => unwrap(api.admin.games.$post({ json })),
  update: (id, json: GameBody) => unwrap(api.admin.games[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.admin.games[':id'].$delete({ param: param(id) })),
})

export const useGames = gameHooks.useList
export const useAddGame = gameHooks.useCreate
export const useSaveGame = gameHooks.useUpdate
export const useDeleteGame = gameHooks.useRemove
