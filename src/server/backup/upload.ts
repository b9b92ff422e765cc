import { randomBytes } from 'node:crypto'
import { blobStore } from '../blobs/store.ts'
import { CHUNK_SIZE } from '../blobs/uploads.ts'
import { ApiError, notFound } from '../http/errors.ts'

/**
 * A backup file reaches the server the way large images do (docs/decisions/0201): in chunks of
 * CHUNK_SIZE under Netlify's ~6 MB request limit, kept in the 'uploads' store under backup/<id>/
 * until the restore reads them back whole, then deleted.
 */
export const MAX_BACKUP_BYTES = 200 * 1024 * 1024
/** The chunk route's path parameter range (MAX_BACKUP_BYTES / CHUNK_SIZE, rounded up). */
export const MAX_BACKUP_CHUNKS = Math.ceil(MAX_BACKUP_BYTES / CHUNK_SIZE)

export const backupTooLarge = () => new ApiError(413, 'The backup file is larger than 200 MB.')

interface Manifest {
  size: number
  chunkSize: number
  chunks: number
  createdAt: string
}

const idPattern = /^[a-f0-9]{32}$/
const manifestKey = (id: string) => `backup/${id}/manifest`
const chunkKey = (id: string, index: number) => `backup/${id}/chunk-${index}`

export async function openBackupUpload(size: number): Promise<{ id: string; chunkSize: number; chunks: number }> {
  if (size > MAX_BACKUP_BYTES) throw backupTooLarge()
  const id = randomBytes(16).toString('hex')
  const manifest: Manifest = {
    size,
    chunkSize: CHUNK_SIZE,
    chunks: Math.ceil(size / CHUNK_SIZE),
    createdAt: new Date().toISOString(),
  }
  await blobStore('uploads').setJSON(manifestKey(id), manifest)
  return { id, chunkSize: manifest.chunkSize, chunks: manifest.chunks }
}

async function manifestOf(id: string): Promise<Manifest> {
  if (!idPattern.test(id)) throw notFound('Upload not found')
  const manifest = (await blobStore('uploads').get(manifestKey(id), { type: 'json' })) as Manifest | null
  if (!manifest) throw notFound('Upload not found')
  return manifest
}

export async function putBackupChunk(id: string, index: number, bytes: Uint8Array): Promise<void> {
  const manifest = await manifestOf(id)
  if (index >= manifest.chunks) throw new ApiError(400, 'The chunk index is out of range.')
  const expected = index === manifest.chunks - 1 ? manifest.size - index * manifest.chunkSize : manifest.chunkSize
  if (bytes.length !== expected) throw new ApiError(400, `Chunk ${index} must be ${expected} bytes.`)
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  await blobStore('uploads').set(chunkKey(id, index), copy.buffer)
}

/** The whole file; the upload stays until abortBackupUpload (the caller deletes it when done). */
export async function readBackupUpload(id: string): Promise<Uint8Array> {
  const manifest = await manifestOf(id)
  const store = blobStore('uploads')
  const whole = new Uint8Array(manifest.size)
  for (let i = 0; i < manifest.chunks; i++) {
    const chunk = await store.get(chunkKey(id, i), { type: 'arrayBuffer' })
    if (!chunk) throw new ApiError(400, `Chunk ${i} has not been uploaded.`)
    whole.set(new Uint8Array(chunk), i * manifest.chunkSize)
  }
  return whole
}

export async function abortBackupUpload(id: string): Promise<void> {
  if (!idPattern.test(id)) return
  const store = blobStore('uploads')
  const manifest = (await store.get(manifestKey(id), { type: 'json' }).catch(() => null)) as Manifest | null
  for (let i = 0; i < (manifest?.chunks ?? 0); i++) await store.delete(chunkKey(id, i))
  await store.delete(manifestKey(id))
}
