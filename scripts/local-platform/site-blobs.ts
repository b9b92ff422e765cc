import path from 'node:path'
import { BlobsServer } from '@netlify/blobs/server'
import { SiteRoot } from '@simracing/local-platform'
import { env } from '../../src/env.server.ts'
import { blobStoresAt, blobStoresFromEnv, type BlobStores } from '../../src/server/blobs/store.ts'

/**
 * The Blobs the site uses, for a script: BLOBS_EDGE_URL/SITE_ID/TOKEN when set (a deployed site),
 * otherwise the files `npm start` keeps them in (@netlify/dev's BlobsServer over
 * <DATA_DIR>/site/.netlify/blobs-serve, site id '0'), served here by a server of our own over
 * the same folder, so the script works whether `npm start` runs or not.
 */
export async function connectSiteBlobs(): Promise<{ where: string; stores: BlobStores; stop(): Promise<void> }> {
  if (env.BLOBS_EDGE_URL && env.BLOBS_SITE_ID && env.BLOBS_TOKEN) {
    return { where: env.BLOBS_EDGE_URL, stores: blobStoresFromEnv(), stop: async () => {} }
  }
  const directory = path.join(new SiteRoot(env.DATA_DIR).dir, '.netlify', 'blobs-serve')
  const token = Math.random().toString(36).slice(2)
  const server = new BlobsServer({ directory, token })
  const { port } = await server.start()
  return {
    where: directory,
    stores: blobStoresAt({ edgeURL: `http://127.0.0.1:${port}`, siteID: '0', token }),
    async stop() {
      await server.stop()
    },
  }
}
