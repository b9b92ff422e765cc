import { crudHooks } from '../shared/crud-hooks.ts'
import { send } from '../shared/http.ts'
import type { AdminStream } from '../shared/types.ts'

export interface StreamInput {
  title: string
  category: string
  description: string
  streamUrl: string
  thumbnailUrl: string
  streamerName: string
  isLive: boolean
  viewerCount: number
  tags: string[]
}

/** Streams: GET, POST /api/streams; PUT, DELETE /api/streams/{id}. */
export const streamHooks = crudHooks<AdminStream, StreamInput>({
  key: ['streams'],
  list: () => send('GET', '/api/streams'),
  create: (input) => send('POST', '/api/streams', input),
  update: (id, input) => send('PUT', `/api/streams/${id}`, input),
  remove: (id) => send('DELETE', `/api/streams/${id}`),
})

export const useStreams = streamHooks.useList
export const useAddStream = streamHooks.useCreate
export const useSaveStream = streamHooks.useUpdate
export const useDeleteStream = streamHooks.useRemove
