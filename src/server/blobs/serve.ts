import { isProduction } from '../../env.server.ts'
import { readImage } from './images.ts'
import type { BlobStores } from './store.ts'

const baseHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-site',
  ...(isProduction ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
}

/**
 * GET /media/<sha256>.<ext>: an image from the "images" store. The key is the content hash, so
 * the answer never changes: browsers and the CDN may keep it for a year.
 */
export async function serveMedia(blobs: BlobStores, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method Not Allowed', { status: 405, headers: { ...baseHeaders, Allow: 'GET, HEAD' } })
  }
  const key = mediaKey(request.url)
  if (key === undefined) {
    return new Response('Bad Request', {
      status: 400,
      headers: { ...baseHeaders, 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  const etag = `"${key.split('.')[0]}"`
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers: { ...baseHeaders, ETag: etag } })
  }
  const image = await readImage(blobs, key)
  if (!image) {
    return new Response('Not found', {
      status: 404,
      headers: { ...baseHeaders, 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  return new Response(request.method === 'HEAD' ? null : image.data, {
    status: 200,
    headers: {
      ...baseHeaders,
      'Content-Type': image.contentType,
      'Content-Length': String(image.data.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    },
  })
}

/** The key of /media/<key>, or undefined when it is not even a decodable path segment. */
function mediaKey(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')
  } catch {
    return undefined
  }
}
