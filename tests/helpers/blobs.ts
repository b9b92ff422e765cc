import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BlobsServer } from '@netlify/blobs/server'
import { blobStoresAt, type BlobStores } from '../../src/server/blobs/store.ts'

export interface BlobsHarness {
  /** The platform's `blobs` of a test that uses this server (tests/helpers/platform.ts testPlatform). */
  stores: BlobStores
  close: () => Promise<void>
}

/** A local Netlify Blobs server in a temp folder, for the duration of a test file. */
export async function startBlobs(): Promise<BlobsHarness> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'blobs-'))
  const token = 'test-token'
  const server = new BlobsServer({ directory, token })
  const { port } = await server.start()
  return {
    stores: blobStoresAt({ edgeURL: `http://127.0.0.1:${port}`, siteID: 'test-site', token }),
    close: async () => {
      await server.stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** Minimal valid-looking images: the magic bytes, then filler. */
export function fakeJpeg(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size)
  let x = seed
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    bytes[i] = x & 0xff
  }
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
  bytes.set([0xff, 0xd9], size - 2)
  return bytes
}

export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)
