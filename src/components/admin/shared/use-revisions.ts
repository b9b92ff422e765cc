import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { RevisionEntity } from '../../../lib/revisions.ts'
import { refresh } from './refresh.ts'

const revisions = api.admin.revisions

/** Every history and deleted list: refreshed after a restore, a save or a delete. */
export const revisionsKey = ['revisions']

/** The tab list each kind of record shows in, read again after a restore. */
const listKeys: Record<RevisionEntity, QueryKey> = {
  game: ['games'],
  accessory: ['accessories'],
  stream: ['streams'],
  review: ['reviews'],
  news: ['news'],
  standings: ['championships-standings'],
}

/**
 * One record's versions, newest first (GET /api/admin/revisions/{entity}/{id}); read afresh each
 * time the History dialog opens, since saves elsewhere in the tab add versions.
 */
export const useRevisions = (entity: RevisionEntity, id: number) =>
  useQuery({
    queryKey: [...revisionsKey, entity, id],
    queryFn: () => unwrap(revisions[':entity'][':id'].$get({ param: { entity, id: String(id) } })),
    staleTime: 0,
    refetchOnMount: 'always',
  })

/**
 * What one version's change did (GET /api/admin/revisions/{id}/changes), read when the owner opens
 * it: the list sends summaries only (issue 31). Under revisionsKey, so a save or a restore reads
 * the newest version's changes again (they end at the record as it is now).
 */
export const useRevisionChanges = (revisionId: number) =>
  useQuery({
    queryKey: [...revisionsKey, 'changes', revisionId],
    queryFn: () => unwrap(revisions[':id'].changes.$get({ param: { id: String(revisionId) } })),
  })

/** One version whole (GET /api/admin/revisions/{id}), for its preview before a restore. */
export const useRevisionVersion = (revisionId: number) =>
  useQuery({
    queryKey: [...revisionsKey, 'version', revisionId],
    queryFn: () => unwrap(revisions[':id'].$get({ param: { id: String(revisionId) } })),
  })

/** Records of one kind deleted lately and still gone (GET /api/admin/revisions/deleted?entity=). */
export const useDeletedRecords = (entity: RevisionEntity) =>
  useQuery({
    queryKey: [...revisionsKey, 'deleted', entity],
    queryFn: () => unwrap(revisions.deleted.$get({ query: { entity } })),
    staleTime: 0,
    refetchOnMount: 'always',
  })

/** POST /api/admin/revisions/{id}/restore: the record comes back as it was in that version. */
export function useRestoreVersion(entity: RevisionEntity) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (revisionId: number) => unwrap(revisions[':id'].restore.$post({ param: { id: String(revisionId) } })),
    onSuccess: () => refresh(client, listKeys[entity], revisionsKey),
  })
}
