import { randomBytes } from 'node:crypto'
import { ApiError, notFound } from '../http/errors.ts'
import { checkImageBytes, MAX_IMAGE_BYTES, storeImage, tooLarge, type StoredImage } from './images.ts'
import { blobStore } from './store.ts'

/**
 * Chunked uploads (docs/decisions/0201-chunked-image-uploads.md): a buffered Netlify Function
 * takes about 6 MB of request (4.5 MB of binary once encoded), the spec allows 10 MB images.
 * The browser sends the file in chunks of CHUNK_SIZE; each is kept in the "uploads" store and
 * the last call assembles, checks and stores the image under its content hash.
 */
export const CHUNK_SIZE = 3 * 1024 * 1024
/** The largest chunk body the route accepts. */
export const MAX_CHUNK_BYTES = 4 * 1024 * 1024

interface UploadManifest {
  size: number
  chunkSize: number
  chunks: number
  createdAt: string
}

const idPattern = /^[a-f0-9]{32}$/
const manifestKey = (id: string) => `${id}/manifest`
const chunkKey = (id: string, index: number) => `${id}/chunk-${index}`

export async function openUpload(size: number): Promise<{ id: string; chunkSize: number; chunks: number }> {
  if (size > MAX_IMAGE_BYTES) throw tooLarge()
  const id = randomBytes(16).toString('hex')
  const chunks = Math.ceil(size / CHUNK_SIZE)
  const manifest: UploadManifest = { size, chunkSize: CHUNK_SIZE, chunks, createdAt: new Date().toISOString() }
  await blobStore('uploads').setJSON(manifestKey(id), manifest)
  return { id, chunkSize: CHUNK_SIZE, chunks }
}

async function manifestOf(id: string): Promise<UploadManifest> {
  if (!idPattern.test(id)) throw notFound('Upload not found')
  const manifest = (await blobStore('uploads').get(manifestKey(id), { type: 'json' })) as UploadManifest | null
  if (!manifest) throw notFound('Upload not found')
  return manifest
}

export async function putChunk(id: string, index: number, bytes: Uint8Array): Promise<void> {
  const manifest = await manifestOf(id)
  if (index >= manifest.chunks) throw new ApiError(400, 'The chunk index is out of range.')
  const expected = index === manifest.chunks - 1 ? manifest.size - index * manifest.chunkSize : manifest.chunkSize
  if (bytes.length !== expected) throw new ApiError(400, `Chunk ${index} must be ${expected} bytes.`)
  if (index === 0) {
    try {
      // The first bytes say what the file is: refuse a renamed non-image before the rest arrives.
      checkImageBytes(bytes.subarray(0, 64))
    } catch (error) {
      await abortUpload(id)
      throw error
    }
  }
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  await blobStore('uploads').set(chunkKey(id, index), copy.buffer)
}

export async function completeUpload(id: string): Promise<StoredImage> {
  const manifest = await manifestOf(id)
  const store = blobStore('uploads')
  const whole = new Uint8Array(manifest.size)
  for (let i = 0; i < manifest.chunks; i++) {
    const chunk = await store.get(chunkKey(id, i), { type: 'arrayBuffer' })
    if (!chunk) throw new ApiError(400, `Chunk ${i} has not been uploaded.`)
    whole.set(new Uint8Array(chunk), i * manifest.chunkSize)
  }
  try {
    return await storeImage(whole)
  } finally {
    await abortUpload(id)
  }
}

export async function abortUpload(id: string): Promise<void> {
  if (!idPattern.test(id)) return
  const store = blobStore('uploads')
  const manifest = (await store.get(manifestKey(id), { type: 'json' }).catch(() => null)) as UploadManifest | null
  for (let i = 0; i < (manifest?.chunks ?? 0); i++) await store.delete(chunkKey(id, i))
  await store.delete(manifestKey(id))
}
