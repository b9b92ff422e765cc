import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { reorderUpdates } from '../../../lib/admin/reorder.ts'
import { send } from '../shared/http.ts'
import type { AdminStandingsSet } from '../shared/types.ts'

const key = ['championships-standings']

/** The AI standings sets, in display order (GET /api/championships-standings). */
export const useStandings = () =>
  useQuery({ queryKey: key, queryFn: () => send<AdminStandingsSet[]>('GET', '/api/championships-standings') })

function useStandingsMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) })
}

/** POST /api/championships-standings/reorder with every id and its 1-based displayOrder. */
export const useReorderStandings = () =>
  useStandingsMutation((ids: number[]) =>
    send('POST', '/api/championships-standings/reorder', { updates: reorderUpdates(ids) }),
  )

export interface DriverEdit {
  championshipId: number
  driverIndex: number
  driverData: { driverName: string; team: string; points: number }
}

export const useUpdateDriver = () =>
  useStandingsMutation((edit: DriverEdit) =>
    send('PUT', `/api/championships-standings/${edit.championshipId}/driver/${edit.driverIndex}`, edit),
  )

export const useDeleteStandings = () =>
  useStandingsMutation((id: number) => send('DELETE', `/api/championships-standings/${id}`))
