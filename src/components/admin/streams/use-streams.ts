import { api, unwrap } from '../../../lib/api-client.ts'
import type { StreamBody } from '../../../lib/forms/stream.ts'
import { crudHooks } from '../shared/crud-hooks.ts'

const param = (id: number) => ({ id: String(id) })

/** Streams: GET /api/admin/streams (fresh, decision 0702), POST /api/streams; PUT, DELETE /api/streams/{id}. */
export const streamHooks = crudHooks({
  key: ['streams'],
  list: () => unwrap(api.admin.streams.$get()),
  create: (json: StreamBody) => unwrap(api.streams.$post({ json })),
  update: (id, json: StreamBody) => unwrap(api.streams[':id'].$put({ param: param(id), json })),
  remove: (id) => unwrap(api.streams[':id'].$delete({ param: param(id) })),
})

export const useStreams = streamHooks.useList
export const useAddStream = streamHooks.useCreate
export const useSaveStream = streamHooks.useUpdate
export const useDeleteStream = streamHooks.useRemove
