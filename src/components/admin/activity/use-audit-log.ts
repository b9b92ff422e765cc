import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { send } from '../shared/http.ts'
import type { AuditPage } from '../shared/types.ts'

export const AUDIT_PAGE_SIZE = 25

/** GET /api/admin/audit-log: newest first, one page at a time. Read fresh each time the tab opens. */
export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: ['audit-log', page],
    queryFn: () => send<AuditPage>('GET', `/api/admin/audit-log?page=${page}&pageSize=${AUDIT_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
