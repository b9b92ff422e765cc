import { chunkedFiles } from './chunked-files.ts'
import { checkImageBytes, MAX_IMAGE_BYTES, storeImage, tooLarge, type StoredImage } from './images.ts'

/**
 * Chunked image uploads (docs/decisions/0201-chunked-image-uploads.md): the spec allows 10 MB
 * images, more than one function request takes. The last call assembles, checks and stores the
 * image under its content hash.
 */
const files = chunkedFiles('')

export async function openUpload(size: number) {
  if (size > MAX_IMAGE_BYTES) throw tooLarge()
  const { id, chunkSize, chunks } = await files.open(size)
  return { id, chunkSize, chunks }
}

export async function putChunk(id: string, index: number, bytes: Uint8Array): Promise<void> {
  if (index === 0) {
    try {
      // The first bytes say what the file is: refuse a renamed non-image before the rest arrives.
      checkImageBytes(bytes.subarray(0, 64))
    } catch (error) {
      await files.remove(id)
      throw error
    }
  }
  await files.put(id, index, bytes)
}

export async function completeUpload(id: string): Promise<StoredImage> {
  const whole = await files.read(id)
  try {
    return await storeImage(whole)
  } finally {
    await files.remove(id)
  }
}

export const abortUpload = (id: string) => files.remove(id)
