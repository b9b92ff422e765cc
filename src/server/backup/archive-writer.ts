import { once } from 'node:events'
import { createGzip } from 'node:zlib'

/** Where an archive's compressed bytes go as they are made: chunks in Blobs (the panel), a file (the command). */
export type ArchiveSink = (bytes: Uint8Array) => Promise<void>

export interface ArchiveWriter {
  /** Compresses `text` and hands what gzip has made so far to the sink (waiting for both). */
  write(text: string): Promise<void>
  /** Ends the gzip stream; answers the archive's size in bytes. */
  end(): Promise<number>
}

/**
 * A gzip stream written a batch of lines at a time, with backpressure: memory holds one batch and
 * what gzip has not handed on yet, whatever the archive's size. Past `maxBytes` of compressed
 * output, the next write throws `tooLarge()`: the archive is refused as it grows, not once made.
 */
export function archiveWriter(
  sink: ArchiveSink,
  limit: { maxBytes: number; tooLarge: () => Error } = { maxBytes: Infinity, tooLarge: () => new Error() },
): ArchiveWriter {
  const gzip = createGzip()
  let made: Buffer[] = []
  let bytes = 0
  gzip.on('data', (chunk: Buffer) => {
    made.push(chunk)
    bytes += chunk.length
  })
  const ended = once(gzip, 'end')
  // Awaited by end(); an archive abandoned half-way (refused, failed) never ends.
  ended.catch(() => {})

  async function handOn(): Promise<void> {
    if (bytes > limit.maxBytes) throw limit.tooLarge()
    if (made.length === 0) return
    const out = made.length === 1 ? made[0]! : Buffer.concat(made)
    made = []
    await sink(out)
  }

  return {
    async write(text) {
      if (!gzip.write(text)) await once(gzip, 'drain')
      await handOn()
    },
    async end() {
      gzip.end()
      await ended
      await handOn()
      return bytes
    },
  }
}
