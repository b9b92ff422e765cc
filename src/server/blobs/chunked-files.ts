import { randomBytes } from 'node:crypto'
import { ApiError, notFound } from '../http/errors.ts'
import type { BlobStores } from './store.ts'

/**
 * Files larger than one Netlify Function request or response: a buffered function takes and gives
 * about 6 MB (4.5 MB of binary once base64-encoded), so a file crosses in chunks of CHUNK_SIZE and
 * waits in the 'uploads' store under `<prefix><id>/` (a manifest and its chunks). Image uploads
 * (docs/decisions/0201), backup restores and backup downloads (docs/decisions/0610) all use it.
 */
export const CHUNK_SIZE = 3 * 1024 * 1024
/** The largest chunk body a route accepts. */
export const MAX_CHUNK_BYTES = 4 * 1024 * 1024

export interface ChunkedFile {
  id: string
  size: number
  chunkSize: number
  chunks: number
}

interface Manifest {
  size: number
  chunkSize: number
  chunks: number
  createdAt: string
  /** A file the server is still writing (`create`): not readable yet. */
  building?: true
}

const idPattern = /^[a-f0-9]{32}$/

/** The expected length of chunk `index`: CHUNK_SIZE, the last one what is left. */
const chunkLength = (m: Manifest, index: number) =>
  index === m.chunks - 1 ? m.size - index * m.chunkSize : m.chunkSize

/**
 * The chunked files under one key prefix, in the Blobs stores a caller passes (the platform's
 * `blobs`). `missing` is the 404 message for an unknown id; the caller checks sizes against its
 * own limit before open.
 */
export function chunkedFiles(prefix: string, missing = 'Upload not found') {
  return (blobs: BlobStores) => chunkedFilesIn(blobs, prefix, missing)
}

function chunkedFilesIn(blobs: BlobStores, prefix: string, missing: string) {
  const manifestKey = (id: string) => `${prefix}${id}/manifest`
  const chunkKey = (id: string, index: number) => `${prefix}${id}/chunk-${index}`
  const store = () => blobs('uploads')

  async function manifestOf(id: string): Promise<Manifest> {
    if (!idPattern.test(id)) throw notFound(missing)
    const manifest = (await store().get(manifestKey(id), { type: 'json' })) as Manifest | null
    if (!manifest || manifest.building) throw notFound(missing)
    return manifest
  }

  async function open(size: number, now = new Date()): Promise<ChunkedFile> {
    const id = randomBytes(16).toString('hex')
    const manifest: Manifest = {
      size,
      chunkSize: CHUNK_SIZE,
      chunks: Math.ceil(size / CHUNK_SIZE),
      createdAt: now.toISOString(),
    }
    await store().setJSON(manifestKey(id), manifest)
    return { id, size, chunkSize: manifest.chunkSize, chunks: manifest.chunks }
  }

  async function put(id: string, index: number, bytes: Uint8Array): Promise<void> {
    const manifest = await manifestOf(id)
    if (index >= manifest.chunks) throw new ApiError(400, 'The chunk index is out of range.')
    const expected = chunkLength(manifest, index)
    if (bytes.length !== expected) throw new ApiError(400, `Chunk ${index} must be ${expected} bytes.`)
    // A copy of exactly these bytes: a view into a larger buffer (a Buffer's slice is one) would
    // store the whole buffer.
    await store().set(chunkKey(id, index), new Uint8Array(bytes).buffer)
  }

  async function readChunk(id: string, index: number): Promise<Uint8Array> {
    const manifest = await manifestOf(id)
    if (index >= manifest.chunks) throw new ApiError(400, 'The chunk index is out of range.')
    const chunk = await store().get(chunkKey(id, index), { type: 'arrayBuffer' })
    if (!chunk) throw new ApiError(400, `Chunk ${index} has not been uploaded.`)
    return new Uint8Array(chunk)
  }

  /** The whole file; it stays until remove (the caller deletes it when done). */
  async function read(id: string): Promise<Uint8Array> {
    const manifest = await manifestOf(id)
    const whole = new Uint8Array(manifest.size)
    for (let i = 0; i < manifest.chunks; i++) whole.set(await readChunk(id, i), i * manifest.chunkSize)
    return whole
  }

  /** The file chunk by chunk, one in memory at a time (a streamed backup restore reads it twice). */
  async function* stream(id: string): AsyncGenerator<Uint8Array> {
    const manifest = await manifestOf(id)
    for (let i = 0; i < manifest.chunks; i++) yield await readChunk(id, i)
  }

  /**
   * A file the server writes as it makes it, without knowing its size (a streamed backup export):
   * chunks are stored as they fill, and the manifest that lets them be read comes last. Until then
   * a provisional one marks the file as being built, so that a writer that dies (a function that
   * ran out of time) leaves a file removeOpenedBefore finds; `abort` removes it at once.
   */
  async function create(now = new Date()) {
    const id = randomBytes(16).toString('hex')
    const createdAt = now.toISOString()
    await store().setJSON(manifestKey(id), { size: 0, chunkSize: CHUNK_SIZE, chunks: 0, createdAt, building: true })
    let pending: Uint8Array[] = []
    let pendingBytes = 0
    let size = 0
    let chunks = 0
    async function storeChunks(all: boolean) {
      while (pendingBytes >= CHUNK_SIZE || (all && pendingBytes > 0)) {
        const whole = Buffer.concat(pending)
        const length = Math.min(CHUNK_SIZE, whole.length)
        await store().set(chunkKey(id, chunks), new Uint8Array(whole.subarray(0, length)).buffer)
        chunks += 1
        pending = [whole.subarray(length)]
        pendingBytes = whole.length - length
      }
    }
    return {
      id,
      async append(bytes: Uint8Array): Promise<void> {
        pending.push(bytes)
        pendingBytes += bytes.length
        size += bytes.length
        await storeChunks(false)
      },
      async finish(): Promise<ChunkedFile> {
        await storeChunks(true)
        const manifest: Manifest = { size, chunkSize: CHUNK_SIZE, chunks, createdAt }
        await store().setJSON(manifestKey(id), manifest)
        return { id, size, chunkSize: CHUNK_SIZE, chunks }
      },
      abort: () => remove(id),
    }
  }

  /** Stores a file the server made (a backup to download) as chunks the browser fetches one by one. */
  async function write(bytes: Uint8Array, now = new Date()): Promise<ChunkedFile> {
    const file = await open(bytes.length, now)
    for (let i = 0; i < file.chunks; i++) {
      await put(file.id, i, bytes.subarray(i * file.chunkSize, i * file.chunkSize + file.chunkSize))
    }
    return file
  }

  /** Every blob of the file, listed: a file still being built has chunks its manifest does not count. */
  async function remove(id: string): Promise<void> {
    if (!idPattern.test(id)) return
    const { blobs } = await store().list({ prefix: `${prefix}${id}/` })
    for (const { key } of blobs) if (key !== manifestKey(id)) await store().delete(key)
    await store().delete(manifestKey(id))
  }

  /** Removes the files opened before `before`: ones a closed tab never fetched or finished. */
  async function removeOpenedBefore(before: Date): Promise<number> {
    const { blobs } = await store().list({ prefix })
    let removed = 0
    for (const { key } of blobs) {
      if (!key.endsWith('/manifest')) continue
      const id = key.slice(prefix.length, -'/manifest'.length)
      const manifest = (await store().get(key, { type: 'json' })) as Manifest | null
      if (manifest && Date.parse(manifest.createdAt) < before.getTime()) {
        await remove(id)
        removed++
      }
    }
    return removed
  }

  return { open, put, readChunk, read, stream, write, create, remove, removeOpenedBefore }
}
