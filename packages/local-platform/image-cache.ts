/**
 * What Netlify's CDN does for the Image CDN in production, done by the local runtime: a
 * transformed image is kept and served again for the same request, instead of being resized again
 * on every page view (each resize costs 50-200 ms of CPU here). Entries are keyed by the build
 * being served, the image URL and the Accept header (the format is chosen from it), so a new
 * build starts afresh. Sources are our static files and content-addressed `/media/<hash>` keys,
 * which never change within a build.
 */
export interface CachedImage {
  status: number
  headers: [string, string][]
  body: Uint8Array
}

export class ImageCache {
  private readonly entries = new Map<string, CachedImage>()
  private bytes = 0

  private readonly maxBytes: number

  /** At most `maxBytes` of image bodies are kept; the oldest go first. */
  constructor(maxBytes = 256 * 1024 * 1024) {
    this.maxBytes = maxBytes
  }

  static key(build: string, url: string, accept: string | null): string {
    return `${build}\n${url}\n${accept ?? ''}`
  }

  get(key: string): CachedImage | undefined {
    return this.entries.get(key)
  }

  get size(): number {
    return this.entries.size
  }

  /** Reads a successful answer whole, keeps it, and gives back the cached copy to send. */
  async store(key: string, response: Response): Promise<CachedImage> {
    const image: CachedImage = {
      status: response.status,
      headers: [...response.headers],
      body: new Uint8Array(await response.arrayBuffer()),
    }
    if (response.status !== 200 || image.body.length > this.maxBytes) return image
    const previous = this.entries.get(key)
    if (previous) {
      this.bytes -= previous.body.length
      this.entries.delete(key)
    }
    this.entries.set(key, image)
    this.bytes += image.body.length
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.body.length
    }
    return image
  }
}
