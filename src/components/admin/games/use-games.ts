import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { GameBody } from '../../../lib/forms/game.ts'
import type { StoreField } from '../../../lib/game-store.ts'
import { crudHooks } from '../shared/crud-hooks.ts'
import { refresh } from '../shared/refresh.ts'
import { revisionsKey } from '../shared/use-revisions.ts'

const param = (id: number) => ({ id: String(id) })

/**
 * Games: GET /api/admin/games (with what the Steam store says), POST /api/admin/games, PUT and
 * DELETE /api/admin/games/{id}.
 */
export const gameHooks = crudHooks({
  key: ['games'],
  alsoInvalidate: [['images']],
  list: () => unwrap(api.admin.games.$get()),
  create: (json: GameBody) => unwrap(api.admin.games.$post({ json })),
  update: (id, json: GameBody) => unwrap(api.admin.games[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.admin.games[':id'].$delete({ param: param(id) })),
})

export const useGames = gameHooks.useList
export const useAddGame = gameHooks.useCreate
export const useSaveGame = gameHooks.useUpdate
export const useDeleteGame = gameHooks.useRemove

/** "Use the store's" (POST /api/admin/games/{id}/use-store): the field takes the Steam store's value. */
export function useTakeFromStore() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, field }: { id: number; field: StoreField }) =>
      unwrap(api.admin.games[':id']['use-store'].$post({ param: param(id), json: { field } })),
    onSuccess: () => refresh(client, ['games'], ['images'], revisionsKey),
  })
}
