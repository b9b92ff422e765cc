import { chunkedFiles } from './chunked-files.ts'
import type { BlobStores } from './store.ts'
import { checkImageBytes, MAX_IMAGE_BYTES, storeImage, tooLarge, type StoredImage } from './images.ts'

/**
 * Chunked image uploads (docs/decisions/0201-chunked-image-uploads.md): the spec allows 10 MB
 * images, more than one function request takes. The last call assembles, checks and stores the
 * image under its content hash.
 */
const files = chunkedFiles('')

export async function openUpload(blobs: BlobStores, size: number) {
  if (size > MAX_IMAGE_BYTES) throw tooLarge()
  const { id, chunkSize, chunks } = await files(blobs).open(size)
  return { id, chunkSize, chunks }
}

export async function putChunk(blobs: BlobStores, id: string, index: number, bytes: Uint8Array): Promise<void> {
  if (index === 0) {
    try {
      // The first bytes say what the file is: refuse a renamed non-image before the rest arrives.
      checkImageBytes(bytes.subarray(0, 64))
    } catch (error) {
      await files(blobs).remove(id)
      throw error
    }
  }
  await files(blobs).put(id, index, bytes)
}

export async function completeUpload(blobs: BlobStores, id: string): Promise<StoredImage> {
  const whole = await files(blobs).read(id)
  try {
    return await storeImage(blobs, whole)
  } finally {
    await files(blobs).remove(id)
  }
}

export const abortUpload = (blobs: BlobStores, id: string) => files(blobs).remove(id)
