import { crudHooks } from '../shared/crud-hooks.ts'
import { send } from '../shared/http.ts'
import type { AdminGame } from '../shared/types.ts'

export interface GameInput {
  title: string
  category: string
  websiteUrl: string
  price: string
  rating: string
  platform: string
  description: string
  imageUrl: string
}

/** Games: GET /api/games, POST /api/admin/games, PUT and DELETE /api/admin/games/{id}. */
const games = crudHooks<AdminGame, GameInput>({
  key: ['games'],
  alsoInvalidate: [['images']],
  list: () => send('GET', '/api/games'),
  create: (input) => send('POST', '/api/admin/games', input),
  update: (id, input) => send('PUT', `/api/admin/games/${id}`, input),
  remove: (id) => send('DELETE', `/api/admin/games/${id}`),
})

export const useGames = games.useList
export const useAddGame = games.useCreate
export const useSaveGame = games.useUpdate
export const useDeleteGame = games.useRemove
export const gameHooks = games
