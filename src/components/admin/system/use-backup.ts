import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, putUploadChunk, unwrap } from '../../../lib/api-client.ts'
import { downloadFileName } from '../../../lib/admin/download-name.ts'
import { chunkRanges } from '../../../lib/admin/upload-rules.ts'
import { throwIfNotOk } from '../../../lib/http-error.ts'
import { refreshPublishStatus } from '../shared/publish-status.ts'

/** GET /api/admin/backup/export, saved by the browser under the server's file name. */
export const useDownloadBackup = () =>
  useMutation({
    mutationFn: async () => {
      const response = await api.admin.backup.export.$get()
      await throwIfNotOk(response as unknown as Response)
      const fileName = downloadFileName(response.headers.get('content-disposition'), 'simracing-backup.json.gz')
      const url = URL.createObjectURL(await response.blob())
      try {
        const link = document.createElement('a')
        link.href = url
        link.download = fileName
        document.body.append(link)
        link.click()
        link.remove()
      } finally {
        // The click has handed the file to the browser's download; the URL may go after this task.
        setTimeout(() => URL.revokeObjectURL(url), 0)
      }
      return fileName
    },
  })

export type RestoreStage = 'uploading' | 'restoring'

/**
 * Sends a backup file through the chunked restore (docs/decisions/0610): open, chunks, complete.
 * Progress is the share of bytes the server has taken; then the restore itself runs. Afterwards
 * every query of the panel is read again: all content may have changed.
 */
export function useRestoreBackup() {
  const [progress, setProgress] = useState<{ stage: RestoreStage; percent: number } | null>(null)
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: async ({ file, replace }: { file: File; replace: boolean }) => {
      setProgress({ stage: 'uploading', percent: 0 })
      const upload = await unwrap(api.admin.backup.restores.$post({ json: { size: file.size } }))
      const param = { id: upload.id }
      try {
        let sent = 0
        for (const [index, [start, end]] of chunkRanges(file.size, upload.chunkSize).entries()) {
          await putUploadChunk(upload.id, index, file.slice(start, end), '/api/admin/backup/restores')
          sent += end - start
          setProgress({ stage: 'uploading', percent: Math.round((sent / file.size) * 100) })
        }
      } catch (error) {
        await api.admin.backup.restores[':id'].$delete({ param }).catch(() => undefined)
        throw error
      }
      setProgress({ stage: 'restoring', percent: 100 })
      // The server deletes the upload once the restore has finished, whatever its outcome.
      return unwrap(api.admin.backup.restores[':id'].complete.$post({ param, json: { replace } }))
    },
    onSettled: () => setProgress(null),
    onSuccess: async () => {
      await client.cancelQueries()
      await client.invalidateQueries()
      void refreshPublishStatus()
    },
  })
  return { ...mutation, progress }
}
