import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, putUploadChunk, unwrap } from '../../../lib/api-client.ts'
import { chunkRanges, uploadProblem } from '../../../lib/admin/upload-rules.ts'
import { refresh } from './refresh.ts'

/**
 * Sends a file through the chunked upload (decision 0201): open, chunks, complete. The answer is
 * our /media URL in Blobs, never a data URL. Progress is the share of bytes the server has taken.
 */
export function useUploadImage() {
  const [progress, setProgress] = useState(0)
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      const problem = uploadProblem(file)
      if (problem) throw new Error(problem)
      setProgress(0)
      const upload = await unwrap(api.admin.uploads.$post({ json: { size: file.size, name: file.name } }))
      const param = { id: upload.id }
      try {
        let sent = 0
        for (const [index, [start, end]] of chunkRanges(file.size, upload.chunkSize).entries()) {
          await putUploadChunk(upload.id, index, file.slice(start, end))
          sent += end - start
          setProgress(Math.round((sent / file.size) * 100))
        }
        return await unwrap(api.admin.uploads[':id'].complete.$post({ param }))
      } catch (error) {
        await api.admin.uploads[':id'].$delete({ param }).catch(() => undefined)
        throw error
      }
    },
    onSuccess: () => refresh(client, ['images']),
  })
  return { ...mutation, progress }
}
