import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { send } from '../shared/http.ts'
import type { AdminLibraryImage } from '../shared/types.ts'

const key = ['image-library']

/** The response is an array or an object with a data array (spec 001 section 7). */
const items = (body: AdminLibraryImage[] | { data: AdminLibraryImage[] }) => (Array.isArray(body) ? body : body.data)

export const useImageLibrary = () =>
  useQuery({
    queryKey: key,
    queryFn: async () =>
      items(await send<AdminLibraryImage[] | { data: AdminLibraryImage[] }>('GET', '/api/image-library')),
  })

export interface NewLibraryImageInput {
  url: string
  name?: string
  category?: string
  description?: string
  source?: 'upload' | 'ai' | 'site' | 'url'
}

export function useSaveToLibrary() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: NewLibraryImageInput) => send<AdminLibraryImage>('POST', '/api/image-library', input),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['images'] })]),
  })
}

export function useDeleteLibraryImage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => send<unknown>('DELETE', `/api/image-library/${id}`),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['images'] })]),
  })
}
