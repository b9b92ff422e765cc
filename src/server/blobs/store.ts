import { getStore, type Store } from '@netlify/blobs'
import { env } from '../../env.server.ts'

export interface BlobsConnection {
  edgeURL: string
  siteID: string
  token: string
}

/** Opens one of the site's Blobs stores (the platform's `blobs`, src/server/platform.ts). */
export type BlobStores = (name: 'images' | 'uploads') => Store

/**
 * Netlify Blobs stores. Inside Netlify (and `netlify serve`) the runtime provides the context;
 * a connection (a test's BlobsServer, a script's) names a server explicitly. Strong consistency:
 * an image is served right after its upload, and chunks are read right after they are written.
 */
export function blobStoresAt(connection: BlobsConnection | undefined): BlobStores {
  return (name) =>
    connection
      ? getStore({ name, ...connection, uncachedEdgeURL: connection.edgeURL, consistency: 'strong' })
      : getStore({ name, consistency: 'strong' })
}

/** Production: the runtime's context, or the server BLOBS_EDGE_URL/SITE_ID/TOKEN name. */
export function blobStoresFromEnv(): BlobStores {
  return blobStoresAt(
    env.BLOBS_EDGE_URL && env.BLOBS_SITE_ID && env.BLOBS_TOKEN
      ? { edgeURL: env.BLOBS_EDGE_URL, siteID: env.BLOBS_SITE_ID, token: env.BLOBS_TOKEN }
      : undefined,
  )
}
