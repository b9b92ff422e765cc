import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'

export const AUDIT_PAGE_SIZE = 25

/** GET /api/admin/audit-log: newest first, one page at a time; read afresh each time the tab opens. */
export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: ['audit-log', page],
    queryFn: () =>
      unwrap(api.admin['audit-log'].$get({ query: { page: String(page), pageSize: String(AUDIT_PAGE_SIZE) } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
