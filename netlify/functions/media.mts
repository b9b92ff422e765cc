import type { Config } from '@netlify/functions'
import { serveMedia } from '../../src/server/blobs/serve.ts'

/** Uploaded and AI images, from Netlify Blobs, at our own URL (src/server/blobs/serve.ts). */
export default (request: Request) => serveMedia(request)

export const config: Config = { path: '/media/:key' }
