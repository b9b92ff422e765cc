import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { refresh } from './refresh.ts'
import { revisionsKey } from './use-revisions.ts'

/**
 * The query hooks of one list resource: the list, and create / update / delete mutations that
 * refetch the list (and any other keys given) when they succeed. Every call is a function given by
 * the resource's own hook file, so each file states its paths.
 */
export interface CrudCalls<T, Input> {
  key: QueryKey
  list: () => Promise<T[]>
  create?: (input: Input) => Promise<T>
  update?: (id: number, input: Input) => Promise<T>
  remove?: (id: number) => Promise<unknown>
  /** Other lists that show this resource (the image pool shows game images, say). */
  alsoInvalidate?: QueryKey[]
}

export function crudHooks<T, Input>(calls: CrudCalls<T, Input>) {
  const useInvalidate = () => {
    const client = useQueryClient()
    // A save or delete adds a version: open histories and the deleted lists read theirs again.
    return () => Promise.all([calls.key, revisionsKey, ...(calls.alsoInvalidate ?? [])].map((k) => refresh(client, k)))
  }
  const missing = (what: string) => () => Promise.reject(new Error(`${what} is not available for this resource`))
  return {
    useList: () => useQuery({ queryKey: calls.key, queryFn: calls.list }),
    useCreate: () => {
      const invalidate = useInvalidate()
      return useMutation({ mutationFn: calls.create ?? missing('create'), onSuccess: invalidate })
    },
    useUpdate: () => {
      const invalidate = useInvalidate()
      return useMutation({
        mutationFn: ({ id, input }: { id: number; input: Input }) =>
          calls.update ? calls.update(id, input) : missing('update')(),
        onSuccess: invalidate,
      })
    },
    useRemove: () => {
      const invalidate = useInvalidate()
      return useMutation({
        mutationFn: (id: number) => (calls.remove ? calls.remove(id) : missing('delete')()),
        onSuccess: invalidate,
      })
    },
  }
}
