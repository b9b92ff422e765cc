import type { Config } from '@netlify/functions'
import { serveMedia } from '../../src/server/blobs/serve.ts'
import { blobStoresFromEnv } from '../../src/server/blobs/store.ts'

// Only Blobs: this function stays small, without the rest of the platform (src/server/platform.ts).
const blobs = blobStoresFromEnv()

/** Uploaded and AI images, from Netlify Blobs, at our own URL (src/server/blobs/serve.ts). */
export default (request: Request) => serveMedia(blobs, request)

export const config: Config = { path: '/media/:key' }
