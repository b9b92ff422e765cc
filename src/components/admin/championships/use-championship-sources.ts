import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { ChampionshipSourceBody } from '../../../lib/forms/championship-source.ts'
import { refresh } from '../shared/refresh.ts'
import { revisionsKey } from '../shared/use-revisions.ts'

const standingsKey = ['championships-standings'] as const
const sources = api.admin['championship-sources']

/** Gives a championship its source (created when new): POST /api/admin/championship-sources. */
export function useSetSource() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: ChampionshipSourceBody) => unwrap(sources.$post({ json: body })),
    onSuccess: () => refresh(client, standingsKey, revisionsKey),
  })
}

/** Reads a championship's table again from its source (official results, race results). */
export function useRefreshFromSource() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(sources[':id'].refresh.$post({ param: { id: String(id) } })),
    onSuccess: () => refresh(client, standingsKey, revisionsKey),
  })
}
