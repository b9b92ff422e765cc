import type { Context } from 'hono'
import { MAX_CHUNK_BYTES } from '../blobs/chunked-files.ts'
import { ApiError, badRequest } from './errors.ts'
import { intFrom } from './fields.ts'

/**
 * The path index and raw bytes of a `PUT .../chunks/:index` (docs/decisions/0201): a whole number
 * below `chunks`, sent as application/octet-stream, at most MAX_CHUNK_BYTES.
 */
export async function chunkBody(c: Context, chunks: number): Promise<{ index: number; bytes: Uint8Array }> {
  const index = intFrom('The chunk index', 0, chunks - 1).safeParse(c.req.param('index'))
  if (!index.success) throw badRequest('The chunk index must be a whole number.')
  const type = c.req.header('content-type') ?? ''
  if (type && !type.startsWith('application/octet-stream')) {
    throw new ApiError(415, 'Chunks must be sent as application/octet-stream.')
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  if (bytes.length > MAX_CHUNK_BYTES) throw new ApiError(413, 'A chunk may hold at most 4 MB.')
  return { index: index.data, bytes }
}
