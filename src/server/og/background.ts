import { cdnUrl, isOwnImage } from '../../lib/images.ts'

/** Pictures larger than this are not read (the card's background is 1200 px wide). */
const MAX_BYTES = 8 * 1024 * 1024
const TIMEOUT_MS = 4000

/**
 * The picture behind a card, as JPEG or PNG bytes, or undefined (the card then has a plain
 * background: a missing picture never fails the card). Our own images come through the Image CDN
 * as JPEG, 1200 px wide: resvg draws no WebP, and the demo and uploaded images are WebP.
 */
export async function loadBackground(imageUrl: string, origin: string): Promise<ArrayBuffer | undefined> {
  const url = imageUrl.trim()
  let address: URL
  if (isOwnImage(url)) address = new URL(`${cdnUrl(url, 1200)}&fm=jpg`, origin)
  else if (url.startsWith('https://')) address = new URL(url)
  else return undefined
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || !/^image\/(jpeg|png)\b/.test(type)) return undefined
    if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) return undefined
    const bytes = await response.arrayBuffer()
    return bytes.byteLength <= MAX_BYTES ? bytes : undefined
  } catch {
    return undefined
  }
}
