import { getStore, type Store } from '@netlify/blobs'
import { env } from '../../env.server.ts'

export interface BlobsConnection {
  edgeURL: string
  siteID: string
  token: string
}

let override: BlobsConnection | undefined

/** Tests point the stores at a BlobsServer (@netlify/blobs/server). */
export function setBlobsConnection(connection: BlobsConnection | undefined): void {
  override = connection
}

/**
 * A Netlify Blobs store. Inside Netlify (and `netlify serve`) the runtime provides the context;
 * BLOBS_* variables (or a test override) name a server explicitly. Strong consistency: an image
 * is served right after its upload, and chunks are read right after they are written.
 */
export function blobStore(name: 'images' | 'uploads'): Store {
  const explicit =
    override ??
    (env.BLOBS_EDGE_URL && env.BLOBS_SITE_ID && env.BLOBS_TOKEN
      ? { edgeURL: env.BLOBS_EDGE_URL, siteID: env.BLOBS_SITE_ID, token: env.BLOBS_TOKEN }
      : undefined)
  if (explicit) return getStore({ name, ...explicit, uncachedEdgeURL: explicit.edgeURL, consistency: 'strong' })
  return getStore({ name, consistency: 'strong' })
}
