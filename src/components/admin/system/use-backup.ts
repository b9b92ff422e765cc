import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, putUploadChunk, unwrap } from '../../../lib/api-client.ts'
import { chunkRanges } from '../../../lib/admin/upload-rules.ts'
import { throwIfNotOk } from '../../../lib/http-error.ts'
import { refreshPublishStatus } from '../shared/publish-status.ts'

/**
 * Download Backup (docs/decisions/0610): the server builds the archive into chunks (one function
 * response holds about 6 MB, a site's images are more), the chunks are fetched one by one and
 * saved by the browser as one file under the server's name; then the server's copy is deleted.
 * `percent` is the share of the file received.
 */
export function useDownloadBackup() {
  const [percent, setPercent] = useState<number | null>(null)
  const mutation = useMutation({
    mutationFn: async () => {
      setPercent(0)
      const file = await unwrap(api.admin.backup.exports.$post())
      const param = { id: file.id }
      const parts: ArrayBuffer[] = []
      try {
        for (let index = 0; index < file.chunks; index++) {
          const response = await api.admin.backup.exports[':id'].chunks[':index'].$get({
            param: { ...param, index: String(index) },
          })
          await throwIfNotOk(response)
          parts.push(await response.arrayBuffer())
          setPercent(Math.round(((index + 1) / file.chunks) * 100))
        }
      } finally {
        await api.admin.backup.exports[':id'].$delete({ param }).catch(() => undefined)
      }
      saveFile(new Blob(parts, { type: 'application/gzip' }), file.fileName)
      return file.fileName
    },
    onSettled: () => setPercent(null),
  })
  return { ...mutation, percent }
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
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
}

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
