import dns, { type LookupAddress } from 'node:dns'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { imageSize } from 'image-size'
import { cdnUrl } from '../../lib/images.ts'
import { isPublicAddress, pictureSource } from './image-source.ts'

/** Pictures larger than this are not read (the card's background is 1200 px wide). */
const MAX_BYTES = 5 * 1024 * 1024
const TIMEOUT_MS = 4000
/**
 * Pictures of more pixels than this are not drawn (docs/decisions/0210). resvg decodes a picture
 * whole, 4 bytes a pixel, before it scales it down: a 389 KB PNG of 20000x20000 took a card to
 * 2.5 GB for 14 s (a function has 1 GB). 4096x4096 is 64 MB decoded, more than a 1200x630 card needs;
 * our own pictures arrive 1200 px wide from the Image CDN.
 */
export const MAX_PICTURE_PIXELS = 4096 * 4096

/**
 * The picture's bytes when its header names a PNG or JPEG of at most MAX_PICTURE_PIXELS, read
 * before anything decodes it; undefined otherwise.
 */
export function drawablePicture(bytes: ArrayBuffer | undefined): ArrayBuffer | undefined {
  if (!bytes) return undefined
  try {
    const { width, height, type } = imageSize(new Uint8Array(bytes))
    if ((type !== 'png' && type !== 'jpg') || !width || !height) return undefined
    return width * height <= MAX_PICTURE_PIXELS ? bytes : undefined
  } catch {
    return undefined // not an image header image-size can read
  }
}

/**
 * The picture behind a card, as JPEG or PNG bytes, or undefined (the card then has a plain
 * background: a missing or refused picture never fails the card). Only our own pictures, through
 * the Image CDN as JPEG 1200 px wide (resvg draws no WebP), or https pictures of other hosts whose
 * every address is public (docs/decisions/0114), and never one of more than MAX_PICTURE_PIXELS.
 */
export async function loadBackground(imageUrl: string, origin: string): Promise<ArrayBuffer | undefined> {
  const source = pictureSource(imageUrl, origin)
  try {
    if (source.kind === 'own')
      return drawablePicture(await fetchOwnPicture(new URL(`${cdnUrl(source.path, 1200)}&fm=jpg`, origin)))
    if (source.kind === 'remote') return drawablePicture(await fetchRemotePicture(source.url))
  } catch {
    // unreachable, refused, too slow or too large: the card goes without
  }
  return undefined
}

async function fetchOwnPicture(address: URL): Promise<ArrayBuffer | undefined> {
  const response = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' })
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || !/^image\/(jpeg|png)\b/.test(type)) return undefined
  if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) return undefined
  const bytes = await response.arrayBuffer()
  return bytes.byteLength <= MAX_BYTES ? bytes : undefined
}

/**
 * DNS look-up for remote pictures: the connection is made only to an address that was checked, so
 * a name that resolves (or re-resolves, DNS rebinding) to a private or loopback address gets nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, found) => {
    const addresses = (found ?? []) as unknown as LookupAddress[]
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (!error && (refused || addresses.length === 0)) {
      error = Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'EADDRNOTPUBLIC' })
    }
    const done = callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void
    if (error) done(error, '', 0)
    else if (options.all) done(null, addresses)
    else done(null, addresses[0]!.address, addresses[0]!.family)
  })
}

/** An https picture of another host: no redirects followed, a time limit and a size limit. */
function fetchRemotePicture(url: URL): Promise<ArrayBuffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { lookup: publicOnlyLookup, timeout: TIMEOUT_MS }, (response) => {
      const type = response.headers['content-type'] ?? ''
      if (response.statusCode !== 200 || !/^image\/(jpeg|png)\b/.test(type)) {
        response.resume()
        return resolve(undefined)
      }
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BYTES) {
          request.destroy()
          resolve(undefined)
        } else chunks.push(chunk)
      })
      response.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
      })
      response.on('error', reject)
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    setTimeout(() => request.destroy(new Error('timed out')), TIMEOUT_MS).unref()
  })
}
