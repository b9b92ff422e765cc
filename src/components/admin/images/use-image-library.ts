import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { AdminLibraryImage } from '../shared/types.ts'
import { refresh } from '../shared/refresh.ts'

const key = ['image-library']

/** The response is an array or an object with a data array (spec 001 section 7). */
const items = (body: AdminLibraryImage[] | { data: AdminLibraryImage[] }) => (Array.isArray(body) ? body : body.data)

export const useImageLibrary = () =>
  useQuery({ queryKey: key, queryFn: async () => items(await unwrap(api['image-library'].$get())) })

export interface NewLibraryImageInput {
  url: string
  name?: string
  category?: string
  description?: string
  source?: 'upload' | 'ai' | 'site' | 'url'
}

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
