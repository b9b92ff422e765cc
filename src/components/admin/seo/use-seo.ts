import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { SeoFields, SeoPage } from '../../../lib/seo-defaults.ts'
import { refresh } from '../shared/refresh.ts'

const key = ['seo']

/** GET /api/admin/seo: every page's settings (defaults where not saved). */
export const useSeoSettings = () => useQuery({ queryKey: key, queryFn: () => unwrap(api.admin.seo.$get()) })

function useSeoMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => refresh(client, key) })
}

export const useSaveSeo = () =>
  useSeoMutation(({ page, fields }: { page: SeoPage; fields: SeoFields }) =>
    unwrap(api.admin.seo[':page'].$put({ param: { page }, json: fields })),
  )

/** DELETE /api/admin/seo/{page}: back to the built-in defaults. */
export const useResetSeo = () =>
  useSeoMutation((page: SeoPage) => unwrap(api.admin.seo[':page'].$delete({ param: { page } })))
