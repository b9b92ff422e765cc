import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, putUploadChunk, unwrap } from '../../../lib/api-client.ts'
import { chunkRanges } from '../../../lib/admin/upload-rules.ts'
import type { RaceImportBody } from '../../../lib/forms/championship-source.ts'
import { refresh } from '../shared/refresh.ts'
import { revisionsKey } from '../shared/use-revisions.ts'

const sessionsKey = ['race-results'] as const
const standingsKey = ['championships-standings'] as const
const results = api.admin['race-results']

/** The imported sessions, newest first (GET /api/admin/race-results). */
export const useImportedSessions = () => useQuery({ queryKey: sessionsKey, queryFn: () => unwrap(results.$get()) })

/**
 * A result file sent in chunks (docs/decisions/0421) and read back as a preview: the session, its
 * classification, its laps, and whether it was imported before. The upload stays on the server
 * until it is imported or dropped.
 */
export function usePreviewResultFile() {
  return useMutation({
    mutationFn: async (file: File) => {
      const upload = await unwrap(results.uploads.$post({ json: { size: file.size } }))
      const param = { id: upload.id }
      try {
        for (const [index, [start, end]] of chunkRanges(file.size, upload.chunkSize).entries()) {
          await putUploadChunk(upload.id, index, file.slice(start, end), '/api/admin/race-results/uploads')
        }
        const preview = await unwrap(results.uploads[':id'].preview.$get({ param, query: { fileName: file.name } }))
        return { uploadId: upload.id, fileName: file.name, preview }
      } catch (error) {
        await results.uploads[':id'].$delete({ param }).catch(() => undefined)
        throw error
      }
    },
  })
}

export type ResultPreview = NonNullable<ReturnType<typeof usePreviewResultFile>['data']>

/**
 * Who the drivers of ambiguous names may be in the chosen championship (docs/decisions/0426): the
 * preview read again against that championship's rounds, so a change of championship asks again.
 */
export const useDriverQuestions = (read: ResultPreview | null, championshipId: string) =>
  useQuery({
    queryKey: ['race-results', 'drivers', read?.uploadId, championshipId],
    enabled: read !== null && championshipId !== '',
    queryFn: async () => {
      const param = { id: read!.uploadId }
      const query = { fileName: read!.fileName, championshipId }
      return (await unwrap(results.uploads[':id'].preview.$get({ param, query }))).drivers
    },
    // Until the championship's answer comes, the file's own questions (two cars of one name) stand.
    placeholderData: read?.preview.drivers,
  })

/** Drops an upload the owner did not import. */
export const dropUpload = (uploadId: string) =>
  results.uploads[':id'].$delete({ param: { id: uploadId } }).catch(() => undefined)

/** Imports the previewed file into a championship's round; the standings and sessions are read again. */
export function useImportResultFile() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ uploadId, ...json }: RaceImportBody & { uploadId: string }) =>
      unwrap(results.uploads[':id'].import.$post({ param: { id: uploadId }, json })),
    onSuccess: () => refresh(client, sessionsKey, standingsKey, revisionsKey),
  })
}

/** Deletes an imported session (its laps and its points go with it). */
export function useDeleteSession() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(results[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: () => refresh(client, sessionsKey, standingsKey, revisionsKey),
  })
}
