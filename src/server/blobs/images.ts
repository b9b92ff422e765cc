import { createHash } from 'node:crypto'
import { ApiError } from '../http/errors.ts'
import { detectImageType, imageTypeByExt, looksLikeSvg, type ImageType } from './image-type.ts'
import type { BlobStores } from './store.ts'

/** Spec 001: uploads up to 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

export const MEDIA_PREFIX = '/media/'
export const mediaKeyPattern = /^[a-f0-9]{64}\.(jpg|png|gif|webp)$/

export interface StoredImage {
  url: string
  key: string
  contentType: ImageType['mime']
  size: number
}

export const notAnImage = () => new ApiError(415, 'Only JPEG, PNG, GIF and WebP images can be uploaded.')
export const svgRefused = () =>
  new ApiError(415, 'SVG images are not allowed. Please upload a JPEG, PNG, GIF or WebP image.')
export const tooLarge = () => new ApiError(413, 'The image is larger than 10 MB.')

/** Checks the bytes (type by content, size) and answers the image type, or throws the refusal. */
export function checkImageBytes(bytes: Uint8Array): ImageType {
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge()
  const type = detectImageType(bytes)
  if (!type) throw looksLikeSvg(bytes) ? svgRefused() : notAnImage()
  return type
}

/** Stores an image under its content hash (the same bytes are stored once) and answers our URL for it. */
export async function storeImage(blobs: BlobStores, bytes: Uint8Array): Promise<StoredImage> {
  const type = checkImageBytes(bytes)
  const hash = createHash('sha256').update(bytes).digest('hex')
  const key = `${hash}.${type.ext}`
  const store = blobs('images')
  if (!(await store.getMetadata(key))) {
    const copy = new Uint8Array(bytes.byteLength)
    copy.set(bytes)
    await store.set(key, copy.buffer, { metadata: { contentType: type.mime, size: bytes.length } })
  }
  return { url: `${MEDIA_PREFIX}${key}`, key, contentType: type.mime, size: bytes.length }
}

/**
 * A data URL from the image chooser (spec 001: an uploaded file is read as a data URL):
 * decoded, checked by its bytes and stored as a blob. Answers our URL; the data URL is never kept.
 */
export async function storeDataUrl(blobs: BlobStores, value: string): Promise<string> {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is.exec(value)
  if (!match) throw new ApiError(400, 'The image data URL is malformed.')
  const declared = (match[1] ?? '').toLowerCase()
  if (declared.includes('svg')) throw svgRefused()
  if (!match[3]) throw new ApiError(400, 'The image data URL must be base64-encoded.')
  const data = match[4]!.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 === 1)
    throw new ApiError(400, 'The image data URL is malformed.')
  if ((data.length * 3) / 4 > MAX_IMAGE_BYTES + 3) throw tooLarge()
  const stored = await storeImage(blobs, new Uint8Array(Buffer.from(data, 'base64')))
  return stored.url
}

/** A field value as the database may keep it: data URLs become our blob URL. */
export async function materializeImageUrl(blobs: BlobStores, value: string): Promise<string> {
  return value.startsWith('data:') ? storeDataUrl(blobs, value) : value
}

/**
 * A form's values with their image field as the database keeps it (the server's one step after the
 * form contract): an uploaded picture sent as a data URL is stored as a blob and becomes our URL.
 */
export async function withStoredImage<T extends object, K extends keyof T & string>(
  blobs: BlobStores,
  values: T,
  key: K,
): Promise<T> {
  const value = values[key]
  if (typeof value !== 'string' || !value.startsWith('data:')) return values
  return { ...values, [key]: await storeDataUrl(blobs, value) }
}

export async function readImage(
  blobs: BlobStores,
  key: string,
): Promise<{ data: ArrayBuffer; contentType: string } | undefined> {
  if (!mediaKeyPattern.test(key)) return undefined
  const entry = await blobs('images').getWithMetadata(key, { type: 'arrayBuffer' })
  if (!entry) return undefined
  const ext = key.split('.').pop() as ImageType['ext']
  return { data: entry.data, contentType: imageTypeByExt[ext] }
}
