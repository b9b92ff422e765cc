import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { reorderUpdates } from '../../../lib/admin/reorder.ts'
import type { DriverData } from '../../../lib/forms/standings-driver.ts'
import { refresh } from '../shared/refresh.ts'
import { revisionsKey } from '../shared/use-revisions.ts'

const key = ['championships-standings']
const standings = api['championships-standings']

/** The AI standings sets, in display order, with the owner's edit marks (GET /api/admin/championships-standings). */
export const useStandings = () =>
  useQuery({ queryKey: key, queryFn: () => unwrap(api.admin['championships-standings'].$get()) })

function useStandingsMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => refresh(client, key, revisionsKey) })
}

/** POST /api/championships-standings/reorder with every id and its 1-based displayOrder. */
export const useReorderStandings = () =>
  useStandingsMutation((ids: number[]) => unwrap(standings.reorder.$post({ json: { updates: reorderUpdates(ids) } })))

export interface DriverEdit {
  championshipId: number
  driverIndex: number
  driverData: DriverData
}

/** The inline edit sends driverData with championshipId and driverIndex (spec 001 section 7). */
export const useUpdateDriver = () =>
  useStandingsMutation((edit: DriverEdit) =>
    unwrap(
      standings[':championshipId'].driver[':driverIndex'].$put({
        param: { championshipId: String(edit.championshipId), driverIndex: String(edit.driverIndex) },
        json: edit,
      }),
    ),
  )

/** Lets the next refresh overwrite a hand-edited row again. */
export const useReleaseDriver = () =>
  useStandingsMutation((row: { championshipId: number; driverIndex: number }) =>
    unwrap(
      standings[':championshipId'].driver[':driverIndex'].edit.$delete({
        param: { championshipId: String(row.championshipId), driverIndex: String(row.driverIndex) },
      }),
    ),
  )

export const useDeleteStandings = () =>
  useStandingsMutation((id: number) => unwrap(standings[':id'].$delete({ param: { id: String(id) } })))
