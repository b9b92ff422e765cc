import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { apiRequest } from '../../../lib/api-client.ts'
import { throwIfNotOk } from '../../../lib/http-error.ts'
import { chunkRanges, uploadProblem } from '../../../lib/admin/upload-rules.ts'
import { send } from './http.ts'

interface OpenedUpload {
  id: string
  chunkSize: number
  chunks: number
}
export interface StoredUpload {
  url: string
  contentType: string
  size: number
}

/**
 * Sends a file through the chunked upload (decision 0201): open, chunks, complete. The answer is
 * our /media URL in Blobs, never a data URL. Progress is the share of bytes the server has taken.
 */
export function useUploadImage() {
  const [progress, setProgress] = useState(0)
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: async (file: File): Promise<StoredUpload> => {
      const problem = uploadProblem(file)
      if (problem) throw new Error(problem)
      setProgress(0)
      const upload = await send<OpenedUpload>('POST', '/api/admin/uploads', { size: file.size, name: file.name })
      try {
        let sent = 0
        for (const [index, [start, end]] of chunkRanges(file.size, upload.chunkSize).entries()) {
          const res = await fetch(`/api/admin/uploads/${encodeURIComponent(upload.id)}/chunks/${index}`, {
            method: 'PUT',
            credentials: 'include',
            headers: { 'Content-Type': 'application/octet-stream' },
            body: file.slice(start, end),
          })
          await throwIfNotOk(res)
          sent += end - start
          setProgress(Math.round((sent / file.size) * 100))
        }
        return await send<StoredUpload>('POST', `/api/admin/uploads/${encodeURIComponent(upload.id)}/complete`)
      } catch (error) {
        await apiRequest('DELETE', `/api/admin/uploads/${encodeURIComponent(upload.id)}`).catch(() => undefined)
        throw error
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['images'] }),
  })
  return { ...mutation, progress }
}
