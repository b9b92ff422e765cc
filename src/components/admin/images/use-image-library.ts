import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { AdminLibraryImage } from '../shared/types.ts'
import { refresh } from '../shared/refresh.ts'

const key = ['image-library']

/** The response is an array or an object with a data array (spec 001 section 7). */
const items = (body: AdminLibraryImage[] | { data: AdminLibraryImage[] }) => (Array.isArray(body) ? body : body.data)

export const useImageLibrary = () =>
  useQuery({ queryKey: key, queryFn: async () => items(await unwrap(api.admin['image-library'].$get())) })

/** What POST /api/image-library takes: the route's own body type, through the typed client. */
export type NewLibraryImageInput = InferRequestType<(typeof api)['image-library']['$post']>['json']

function useLibraryMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => refresh(client, key, ['images']),
  })
}

export const useSaveToLibrary = () =>
  useLibraryMutation((input: NewLibraryImageInput) => unwrap(api['image-library'].$post({ json: input })))

export const useDeleteLibraryImage = () =>
  useLibraryMutation((id: number) => unwrap(api['image-library'][':id'].$delete({ param: { id: String(id) } })))
