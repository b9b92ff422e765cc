import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SeoFields, SeoPage } from '../../../lib/seo-defaults.ts'
import { send } from '../shared/http.ts'
import type { AdminSeo } from '../shared/types.ts'

const key = ['seo']

/** GET /api/admin/seo: every page's settings (defaults where not saved). */
export const useSeoSettings = () =>
  useQuery({ queryKey: key, queryFn: () => send<AdminSeo[]>('GET', '/api/admin/seo') })

export function useSaveSeo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ page, fields }: { page: SeoPage; fields: SeoFields }) =>
      send<AdminSeo>('PUT', `/api/admin/seo/${page}`, fields),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  })
}

/** DELETE /api/admin/seo/{page}: back to the built-in defaults. */
export function useResetSeo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (page: SeoPage) => send<AdminSeo>('DELETE', `/api/admin/seo/${page}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  })
}
