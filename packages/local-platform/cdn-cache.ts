/**
 * A stand-in for Netlify's CDN cache in front of the local functions (docs/decisions/0700): Netlify's
 * own local tools do not emulate it, and without it `npm start` would render every page on every
 * request and never show what a missed purge does. It follows Netlify's documented rules:
 *
 * - only GET is cached (a HEAD is answered from the GET's copy, and passed on as a HEAD when there
 *   is none: an origin never takes a HEAD for a GET, which would count a visit that asked for no
 *   page, issue 42), and only an answer without
 *   Set-Cookie whose `Netlify-CDN-Cache-Control` (else `CDN-Cache-Control`, else `Cache-Control`)
 *   is public-able: not `private`, `no-store` or `no-cache`, with an `s-maxage` or `max-age` > 0;
 * - `stale-while-revalidate=N`: for N seconds after expiry the stale copy is served at once while
 *   one request renders it again (and kept when that render fails);
 * - `Netlify-Vary` (query=a|b, cookie=a|b, header=A|B) decides the key: without a `query`
 *   instruction the whole query string is part of it; the first cached answer's instructions for a
 *   path are the ones used, as on Netlify;
 * - `Netlify-Cache-Tag` (else `Cache-Tag`) tags an answer; a purge by tag drops every copy with one
 *   of the tags (case-insensitively), a purge without tags drops everything;
 * - every answer it passes says what happened in `Cache-Status`, in Netlify's format
 *   (`"Netlify Edge"; hit`, `"Netlify Edge"; fwd=miss`, `"Netlify Edge"; hit; fwd=stale`, with a
 *   `"Netlify Durable"` entry for `durable` answers), which @netlify/cache's getCacheStatus reads;
 * - the CDN-only headers are not passed to the browser.
 *
 * Its memory is bounded whatever the requests (docs/decisions/0702): each copy counts its body, its
 * key and its headers against `maxBytes`, the copies against `maxEntries` (least recently used
 * dropped first), and a path's `Netlify-Vary` instructions go with its last copy.
 */

export interface CdnCacheOptions {
  now?: () => number
  /** Bytes kept in all (bodies, keys, headers), least recently used dropped first. */
  maxBytes?: number
  /** Copies kept in all, least recently used dropped first. */
  maxEntries?: number
  /** A larger body is passed through and not kept. */
  maxEntryBytes?: number
}

interface Vary {
  /** undefined: the whole query string; otherwise only these parameters, in this order. */
  query?: string[]
  cookie: string[]
  header: string[]
}

interface Entry {
  /** The URL path whose `Netlify-Vary` keyed it. */
  path: string
  /** What it costs to keep: body, key and headers. */
  bytes: number
  status: number
  headers: [string, string][]
  body: Uint8Array
  storedAt: number
  ttlMs: number
  swrMs: number
  durable: boolean
  tags: Set<string>
}

/** Statuses a shared cache may keep when the answer says so (RFC 9110, 15.1). */
const CACHEABLE = new Set([200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501])
/** What only Netlify's CDN reads; it never reaches the browser. */
const CDN_ONLY = [
  'netlify-cdn-cache-control',
  'cdn-cache-control',
  'netlify-cache-tag',
  'netlify-vary',
  'netlify-cache-id',
]

function directives(value: string | null): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of (value ?? '').split(',')) {
    const [name, arg = ''] = part.trim().split('=')
    if (name) map.set(name.toLowerCase(), arg.replace(/^"|"$/g, ''))
  }
  return map
}

function parseVary(value: string | null): Vary {
  const vary: Vary = { cookie: [], header: [] }
  for (const part of (value ?? '').split(',')) {
    const [name, list] = part.trim().split('=')
    const items = list ? list.split('|').map((s) => s.trim()) : []
    if (name === 'query') vary.query = items.length ? items : undefined
    else if (name === 'cookie') vary.cookie = items
    else if (name === 'header') vary.header = items.map((h) => h.toLowerCase())
  }
  return vary
}

function cookieValue(header: string | null, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return ''
}

function keyOf(url: URL, request: Request, vary: Vary | undefined): string {
  let query = url.search
  if (vary?.query) {
    const params = vary.query.map((name) => `${name}=${url.searchParams.getAll(name).join(',')}`)
    query = `?${params.join('&')}`
  }
  const cookies = (vary?.cookie ?? []).map((name) => cookieValue(request.headers.get('cookie'), name)).join('|')
  const headers = (vary?.header ?? []).map((name) => request.headers.get(name) ?? '').join('|')
  return `${url.pathname}${query}#c:${cookies}#h:${headers}`
}

/** How long the CDN may keep the answer, or undefined when it may not. */
function cachePolicy(
  response: Response,
): Omit<Entry, 'path' | 'bytes' | 'status' | 'headers' | 'body' | 'storedAt'> | undefined {
  if (!CACHEABLE.has(response.status) || response.headers.has('set-cookie')) return undefined
  const header =
    response.headers.get('netlify-cdn-cache-control') ??
    response.headers.get('cdn-cache-control') ??
    response.headers.get('cache-control')
  const d = directives(header)
  if (d.has('private') || d.has('no-store') || d.has('no-cache')) return undefined
  const seconds = Number(d.get('s-maxage') ?? d.get('max-age') ?? 0)
  if (!(seconds > 0)) return undefined
  const tags = (response.headers.get('netlify-cache-tag') ?? response.headers.get('cache-tag') ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
  return {
    ttlMs: seconds * 1000,
    swrMs: Number(d.get('stale-while-revalidate') ?? 0) * 1000,
    durable: d.has('durable'),
    tags: new Set(tags),
  }
}

function status(layers: { edge: string; durable?: string }): string {
  return [layers.durable && `"Netlify Durable"; ${layers.durable}`, `"Netlify Edge"; ${layers.edge}`]
    .filter(Boolean)
    .join(', ')
}

export class CdnCache {
  private readonly entries = new Map<string, Entry>()
  /** A path's `Netlify-Vary` instructions and how many of its copies are kept. */
  private readonly varyByPath = new Map<string, { vary: Vary; copies: number }>()
  private readonly revalidating = new Map<string, Promise<void>>()
  /**
   * Purges counted, and the last one of each tag and of everything: an answer whose render began
   * before a purge of one of its tags is passed on and not kept (a render in flight when the purge
   * came read the data the purge was for, and would put the old page back).
   */
  private purges = 0
  private lastEverything = 0
  private readonly lastPurgeOf = new Map<string, number>()
  private keptBytes = 0
  private readonly now: () => number
  private readonly maxBytes: number
  private readonly maxEntries: number
  private readonly maxEntryBytes: number

  constructor(options: CdnCacheOptions = {}) {
    this.now = options.now ?? Date.now
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024
    this.maxEntries = options.maxEntries ?? 20_000
    this.maxEntryBytes = options.maxEntryBytes ?? 8 * 1024 * 1024
  }

  /** Answers from the cache, or from `origin` (then kept when the answer allows it). */
  async handle(request: Request, origin: (request: Request) => Promise<Response>): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return this.pass(await origin(request))
    const url = new URL(request.url)
    const key = keyOf(url, request, this.varyByPath.get(url.pathname)?.vary)
    const entry = this.entries.get(key)
    const head = request.method === 'HEAD'
    if (entry) {
      const age = this.now() - entry.storedAt
      if (age < entry.ttlMs) return this.answer(key, entry, head, status({ edge: 'hit' }))
      if (age < entry.ttlMs + entry.swrMs) {
        this.revalidate(key, request, origin)
        return this.answer(key, entry, head, status({ edge: 'hit; fwd=stale' }))
      }
    }
    // Nothing kept to answer a HEAD from: the origin gets the HEAD itself, and nothing is kept.
    if (head) {
      const passed = this.pass(await origin(request), true)
      passed.headers.set('cache-status', status({ edge: entry ? 'fwd=stale' : 'fwd=miss' }))
      return passed
    }
    const forwarded = request
    const began = this.purges
    const response = await origin(forwarded)
    const kept = await this.store(url, forwarded, response, began)
    if (kept?.stored) return this.answer(kept.key, kept.entry, head, this.missStatus(kept.entry, Boolean(entry)))
    if (kept) return this.answer('', kept.entry, head, status({ edge: entry ? 'fwd=stale' : 'fwd=miss' }))
    const passed = this.pass(response, head)
    passed.headers.set('cache-status', status({ edge: entry ? 'fwd=stale' : 'fwd=miss' }))
    return passed
  }

  /** Drops every copy with one of `tags`, or everything; answers how many copies went. */
  purge(tags: readonly string[] | 'everything'): number {
    this.purges++
    if (tags === 'everything') this.lastEverything = this.purges
    else for (const tag of tags) this.lastPurgeOf.set(tag.toLowerCase(), this.purges)
    if (tags === 'everything') {
      const n = this.entries.size
      this.entries.clear()
      this.varyByPath.clear()
      this.keptBytes = 0
      return n
    }
    const wanted = new Set(tags.map((t) => t.toLowerCase()))
    let n = 0
    for (const [key, entry] of this.entries) {
      if ([...entry.tags].some((t) => wanted.has(t))) {
        this.drop(key, entry)
        n++
      }
    }
    return n
  }

  /** Copies kept. */
  get size(): number {
    return this.entries.size
  }

  /** What the copies cost: bodies, keys and headers. */
  get bytes(): number {
    return this.keptBytes
  }

  /** Paths with `Netlify-Vary` instructions (one at least of their copies is kept). */
  get paths(): number {
    return this.varyByPath.size
  }

  /** Resolves when the stale copies being rendered again are done (tests). */
  async idle(): Promise<void> {
    while (this.revalidating.size > 0) await Promise.allSettled([...this.revalidating.values()])
  }

  private missStatus(entry: Entry, hadStale: boolean): string {
    const fwd = hadStale ? 'fwd=stale' : 'fwd=miss'
    return status({ edge: fwd, durable: entry.durable ? `${fwd}; stored=true` : undefined })
  }

  private revalidate(key: string, request: Request, origin: (request: Request) => Promise<Response>) {
    if (this.revalidating.has(key)) return
    const url = new URL(request.url)
    const began = this.purges
    const work = origin(new Request(request, { method: 'GET' }))
      .then(async (response) => {
        // A failed render keeps the stale copy (a database that is away must not take the page with it).
        if (response.status >= 500) return void (await response.body?.cancel())
        await this.store(url, request, response, began)
      })
      .catch(() => {})
      .finally(() => this.revalidating.delete(key))
    this.revalidating.set(key, work)
  }

  private async store(url: URL, request: Request, response: Response, began: number) {
    const policy = cachePolicy(response)
    if (!policy) return undefined
    const body = new Uint8Array(await response.arrayBuffer())
    const path = url.pathname
    if (body.length > this.maxEntryBytes || this.purgedSince(began, policy.tags)) {
      return { key: '', entry: this.entryOf(path, '', response, body, policy), stored: false }
    }
    // Netlify keeps the first instructions it saw for a path (while it keeps a copy of it).
    const vary = this.varyByPath.get(path)?.vary ?? parseVary(response.headers.get('netlify-vary'))
    const key = keyOf(url, request, vary)
    const entry = this.entryOf(path, key, response, body, policy)
    const old = this.entries.get(key)
    if (old) this.drop(key, old)
    this.entries.set(key, entry)
    this.keptBytes += entry.bytes
    const counted = this.varyByPath.get(path)
    if (counted) counted.copies++
    else this.varyByPath.set(path, { vary, copies: 1 })
    for (const [k, e] of this.entries) {
      if (this.keptBytes <= this.maxBytes && this.entries.size <= this.maxEntries) break
      this.drop(k, e)
    }
    return { key, entry, stored: this.entries.get(key) === entry }
  }

  /** Whether a purge since `began` covered one of `tags` (or everything). */
  private purgedSince(began: number, tags: ReadonlySet<string>): boolean {
    if (this.lastEverything > began) return true
    for (const tag of tags) if ((this.lastPurgeOf.get(tag) ?? 0) > began) return true
    return false
  }

  private entryOf(
    path: string,
    key: string,
    response: Response,
    body: Uint8Array,
    policy: NonNullable<ReturnType<typeof cachePolicy>>,
  ): Entry {
    const headers = [...response.headers]
    const bytes = body.length + key.length + headers.reduce((n, [name, value]) => n + name.length + value.length, 0)
    return { path, bytes, status: response.status, headers, body, storedAt: this.now(), ...policy }
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key)
    this.keptBytes -= entry.bytes
    const counted = this.varyByPath.get(entry.path)
    if (counted && --counted.copies === 0) this.varyByPath.delete(entry.path)
  }

  private answer(key: string, entry: Entry, head: boolean, cacheStatus: string): Response {
    if (key) {
      // Most recently used last: the first entries are the ones dropped when the cache is full.
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    const headers = new Headers(entry.headers.filter(([name]) => !CDN_ONLY.includes(name)))
    headers.set('cache-status', cacheStatus)
    headers.set('age', String(Math.max(0, Math.floor((this.now() - entry.storedAt) / 1000))))
    const noBody = head || entry.status === 204
    return new Response(noBody ? null : entry.body.slice(), { status: entry.status, headers })
  }

  private pass(response: Response, head = false): Response {
    const headers = new Headers(response.headers)
    for (const name of CDN_ONLY) headers.delete(name)
    return new Response(head ? null : response.body, { status: response.status, headers })
  }
}
