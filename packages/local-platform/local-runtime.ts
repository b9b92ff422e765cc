import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { NetlifyDev } from '@netlify/dev'
import type { RedirectsHandler } from '@netlify/redirects'
import { parse as parseToml } from 'smol-toml'
import { CdnCache } from './cdn-cache.ts'
import { awayOf, MAX_DATABASE_AWAY_MS } from './database-supervisor.ts'
import { ImageCache } from './image-cache.ts'
import {
  localContext,
  loadFunction,
  loadFunctions,
  matchFunction,
  type FunctionMatch,
  type LocalFunction,
} from './local-functions.ts'
import { PurgeApi } from './purge-api.ts'

/** Netlify's limit for a buffered function's request body; more is a 413, as on Netlify. */
export const MAX_FUNCTION_BODY = 6 * 1024 * 1024
/** A body larger than this is not even read to its end: the connection is closed after the answer. */
const MAX_DRAIN = 64 * 1024 * 1024

/** Where the CDN stand-in's purge API answers (Netlify's `/api/v1/purge` below it): a Netlify path, no route of ours. */
export const PURGE_API_PATH = '/.netlify/cdn-api'
/**
 * The end-to-end tests' control of time: `POST` `{ "at": ISO time }` runs the scheduler's tick as
 * if it were then (what Netlify's every-minute call does), so no test waits for a real minute.
 * Only when the test site asks for it (`--test-controls`), never under `npm start`.
 */
export const TICK_CONTROL_PATH = '/.netlify/test-controls/scheduler-tick'
/**
 * The page benchmark's way to a cold render of a page everyone shares (`bench:pages`): `POST` empties
 * the CDN stand-in at once, without the purge API's rate limit. Test sites only, as above.
 */
export const CDN_EMPTY_CONTROL_PATH = '/.netlify/test-controls/cdn-empty'
/**
 * The database dies (`POST`: the embedded server is killed; `npm start` restarts it within seconds),
 * so a test can see what pages and the API answer meanwhile. With `{ "awayMs": n }` it stays away n ms
 * before the restart, long enough to visit several pages; sent again while it is away, that body
 * moves the restart (`{ "awayMs": 0 }`: back now). Test sites only, as above.
 */
export const DATABASE_KILL_CONTROL_PATH = '/.netlify/test-controls/database-kill'

export interface LocalRuntime {
  url: string
  functions: LocalFunction[]
  /** The CDN stand-in in front of the functions, and its purge API. */
  cdn: CdnCache
  purgeApi: PurgeApi
  stop(): Promise<void>
}

export interface LocalRuntimeOptions {
  /** The folder with the site's netlify.toml and its publish folder `dist` (site-build.ts's SiteRoot). */
  siteDir: string
  functionsDir: string
  host: string
  port: number
  /** The site's public address, as the functions' context reports it. */
  siteUrl: string
  /** The build's pages function (the Astro adapter's SSR function), answering every other path. */
  pagesFunction?: string
  /**
   * The caller's platform, handed to each function that exports `handlerFor(platform)`
   * (local-functions.ts): opaque here. Its purges are expected to reach the purge API below.
   */
  platform?: unknown
  /**
   * One run of the site's every-minute work as if it were `at` (TICK_CONTROL_PATH answers with
   * `{ at, ...report }`); the control answers 404 without it.
   */
  tick?: (at: Date) => Promise<Record<string, unknown>>
  /** The purge API's credentials, as Netlify gives a site's functions theirs. */
  purge?: { token: string; siteId: string }
  /** The test site's controls (TICK_CONTROL_PATH, CDN_EMPTY_CONTROL_PATH...); off unless asked for. */
  testControls?: boolean
  /** Kills the embedded database, kept away `awayMs` if given (DATABASE_KILL_CONTROL_PATH); false when there is none to kill. */
  killDatabase?: (awayMs?: number) => boolean
}

/**
 * The site on this machine as Netlify serves it, in one long-lived process
 * (docs/decisions/0009-warm-local-api.md):
 * - functions (`/api/*`, `/media/:key`, `/.netlify/functions/<name>`) are this repository's own
 *   function modules, imported once and called with a Request and a Netlify-like context;
 * - static files, redirects, headers and the Image CDN come from Netlify's own local runtime
 *   library (@netlify/dev, which netlify-cli is built on), with Netlify Blobs from it too; a
 *   transformed image is kept and served again, as Netlify's CDN does (image-cache.ts);
 * - no request can stop it: a malformed URL is a 400, a body over Netlify's 6 MB a 413, a GET with
 *   a body is answered without it, a failing function a 500 without a stack trace.
 */
export async function startLocalRuntime(opts: LocalRuntimeOptions): Promise<LocalRuntime> {
  const origin = `http://${opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host}:${opts.port}`
  // Loaded here, not at the top: the package's index stays cheap to import for its small helpers.
  const { NetlifyDev } = await import('@netlify/dev')
  const netlify = new NetlifyDev({
    projectRoot: opts.siteDir,
    skipGitignore: true,
    // Image sources such as /media/<key> are fetched from this server, functions included.
    serverAddress: origin,
    functions: { enabled: false },
    edgeFunctions: { enabled: false }, // needs Deno, which is not on this machine
    database: { enabled: false },
    aiGateway: { enabled: false },
    geolocation: { enabled: false },
    environmentVariables: { enabled: false },
    blobs: { enabled: true },
    images: { enabled: true },
    headers: { enabled: true },
    redirects: { enabled: true },
    staticFiles: { enabled: true },
    logger: quietLogger,
  })
  await netlify.start()
  const redirects = await redirectRules(opts.siteDir)
  const images = new ImageCache()
  /** The build being served: `dist` is a symlink swapped at each rebuild (site-build.ts). */
  const liveBuild = () => {
    try {
      return realpathSync(path.join(opts.siteDir, 'dist'))
    } catch {
      return ''
    }
  }
  // @netlify/dev's Blobs server is in place (NETLIFY_BLOBS_CONTEXT): the functions see Blobs as on Netlify.
  const functions = await loadFunctions(opts.functionsDir, opts.platform)
  // The pages function answers what no other function and no file does (`/*`, preferStatic), so it goes last.
  const pages = opts.pagesFunction ? await loadFunction(opts.pagesFunction, 'ssr', opts.platform) : undefined
  if (pages) functions.push(pages)
  const cdn = new CdnCache()
  const purgeApi = new PurgeApi(cdn, opts.purge ?? { token: crypto.randomUUID(), siteId: 'local' })
  const pending = new Set<Promise<unknown>>()
  const waitUntil = (promise: Promise<unknown>) => {
    const tracked = promise.catch((error: unknown) => console.error('[site] background work failed:', error))
    pending.add(tracked)
    void tracked.finally(() => pending.delete(tracked))
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[site] request failed:', error)
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error')
      else res.destroy()
    })
  })
  // A slow or stuck client cannot hold the server: requests have a time limit, as on Netlify.
  server.requestTimeout = 60_000
  server.headersTimeout = 20_000
  // An idle kept-alive connection is closed after 65 s, not Node's 5 s: a client that reuses one a
  // few seconds later (browsers, Playwright's request context) met the close under its request
  // and got ECONNRESET. Load balancers and CDNs keep them about this long too.
  server.keepAliveTimeout = 65_000

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const rawPath = (req.url ?? '/').split('?')[0]!
    const api = rawPath.startsWith('/api/') || rawPath === '/api'
    const url = parseUrl(req.url ?? '/', origin)
    if (!url) {
      await drain(req)
      return api
        ? sendJson(res, 400, 'The address is malformed.')
        : sendText(res, 400, 'Bad Request: the address is malformed.')
    }
    if (url.pathname.startsWith(`${PURGE_API_PATH}/`)) {
      const body = await readBody(req)
      if (body === 'too-large' || url.pathname !== `${PURGE_API_PATH}/api/v1/purge`)
        return sendJson(res, 404, 'Not found')
      const request = new Request(url, {
        method: req.method,
        headers: toHeaders(req),
        body: req.method === 'POST' ? new Uint8Array(body) : undefined,
      })
      return writeResponse(res, await purgeApi.handle(request), false)
    }
    if (opts.testControls && opts.tick && url.pathname === TICK_CONTROL_PATH && req.method === 'POST') {
      return writeResponse(res, await tickAt(opts.tick, await readBody(req)), false)
    }
    if (opts.testControls && url.pathname === CDN_EMPTY_CONTROL_PATH && req.method === 'POST') {
      await drain(req)
      return writeResponse(res, Response.json({ emptied: cdn.purge('everything') }), false)
    }
    if (opts.testControls && url.pathname === DATABASE_KILL_CONTROL_PATH && req.method === 'POST') {
      const body = await readBody(req)
      const away = body === 'too-large' ? 'bad' : awayOf(body)
      if (away === 'bad') {
        return writeResponse(
          res,
          Response.json(
            { message: `Send no body, or { "awayMs": <whole ms from 0 to ${MAX_DATABASE_AWAY_MS}> }.` },
            { status: 400 },
          ),
          false,
        )
      }
      return writeResponse(res, Response.json({ killed: opts.killDatabase?.(away) ?? false }), false)
    }
    const match = matchFunction(functions, url.pathname)
    if (match && !(match.fn.preferStatic && hasStaticFile(opts.siteDir, url.pathname))) {
      return callFunction(match, url, req, res)
    }

    await drain(req) // static files, redirects and images take no body
    const request = new Request(url, { method: req.method, headers: toHeaders(req) })
    const imageKey =
      url.pathname === '/.netlify/images' && (req.method === 'GET' || req.method === 'HEAD')
        ? ImageCache.key(liveBuild(), url.href, request.headers.get('accept'))
        : undefined
    const cached = imageKey ? images.get(imageKey) : undefined
    if (cached) return writeCached(res, cached, req.method === 'HEAD')
    const result = await netlify.handleAndIntrospect(request)
    if (imageKey && result?.type === 'image') {
      return writeCached(res, await images.store(imageKey, result.response), req.method === 'HEAD')
    }
    let response = result?.response ?? notFoundPage(opts.siteDir)
    if (result?.type === 'redirect' && response.status === 200) {
      // @netlify/redirects serves a rewrite's static target with 200 even when the rule says 404 (a
      // `/x/* -> /y/ 404` rule); Netlify answers the rule's status.
      const rule = await redirects.match(request)
      const shadowed = !rule?.force && hasStaticFile(opts.siteDir, url.pathname)
      if (rule && rule.statusCode !== 200 && !rule.redirect && !shadowed) {
        response = new Response(response.body, { status: rule.statusCode, headers: response.headers })
      }
    }
    await writeResponse(res, response, req.method === 'HEAD')
  }

  async function callFunction(match: FunctionMatch, url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req)
    if (body === 'too-large') {
      res.setHeader('Connection', 'close')
      return sendJson(res, 413, 'The request is too large.')
    }
    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0
    const request = new Request(url, {
      method,
      headers: toHeaders(req),
      body: hasBody ? new Uint8Array(body) : undefined,
    })
    const ip = req.socket.remoteAddress ?? '127.0.0.1'
    const contextOf = (r: Request) =>
      localContext({ request: r, ip, params: match.params, siteUrl: opts.siteUrl, waitUntil })
    if (match.fn.background) {
      // Netlify answers a background function's caller at once and lets it run (up to 15 minutes).
      waitUntil(Promise.resolve().then(() => match.fn.handler(request, contextOf(request))))
      res.statusCode = 202
      return res.end()
    }
    // Through the CDN stand-in, as every function answer goes through Netlify's CDN.
    const response = await cdn.handle(request, (forwarded) => invoke(match, forwarded, contextOf(forwarded)))
    await writeResponse(res, response, method === 'HEAD')
  }

  async function invoke(match: FunctionMatch, request: Request, context: ReturnType<typeof localContext>) {
    try {
      const answer = await match.fn.handler(request, context)
      return answer instanceof Response ? answer : new Response(null, { status: 204 })
    } catch (error) {
      console.error(`[site] function ${match.fn.name} failed:`, error)
      return Response.json(
        { message: 'Internal Server Error' },
        { status: 500, headers: { 'cache-control': 'no-store' } },
      )
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => resolve())
  })

  return {
    url: origin,
    functions,
    cdn,
    purgeApi,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await Promise.allSettled([...pending])
      await netlify.stop()
    },
  }
}

/** One scheduler tick at the time the test names (TICK_CONTROL_PATH). */
async function tickAt(
  tick: (at: Date) => Promise<Record<string, unknown>>,
  body: Buffer | 'too-large',
): Promise<Response> {
  let at: Date
  try {
    at = new Date((JSON.parse(body.toString()) as { at?: string }).at ?? Date.now())
    if (Number.isNaN(at.getTime())) throw new Error('not a time')
  } catch {
    return Response.json({ message: 'Send { "at": "<ISO time>" }.' }, { status: 400 })
  }
  return Response.json({ at, ...(await tick(at)) })
}

/** The request's URL, or undefined when its path cannot be decoded (a broken %-escape). */
export function parseUrl(raw: string, origin: string): URL | undefined {
  try {
    const url = new URL(raw.startsWith('/') ? raw : `/${raw}`, origin)
    decodeURIComponent(url.pathname)
    return url
  } catch {
    return undefined
  }
}

function toHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!
    // HTTP/1 connection headers mean nothing to a fetch Request (and some are refused by it).
    if (/^(connection|keep-alive|transfer-encoding|upgrade|expect|host)$/i.test(name)) continue
    try {
      headers.append(name, req.rawHeaders[i + 1]!)
    } catch {
      // a header value fetch cannot carry: left out
    }
  }
  if (req.headers.host) headers.set('host', req.headers.host)
  return headers
}

/** The whole body, or 'too-large' once it passes Netlify's limit (the rest is read and dropped). */
async function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'] ?? 0)
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = declared > MAX_FUNCTION_BODY
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_FUNCTION_BODY) tooLarge = true
    if (size > MAX_DRAIN) {
      req.destroy()
      break
    }
    if (!tooLarge) chunks.push(chunk)
  }
  return tooLarge ? 'too-large' : Buffer.concat(chunks)
}

async function drain(req: http.IncomingMessage): Promise<void> {
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_DRAIN) {
      req.destroy()
      return
    }
  }
}

async function writeResponse(res: http.ServerResponse, response: Response, head: boolean): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  if (!response.body || head) {
    await response.body?.cancel()
    res.end()
    return
  }
  await new Promise<void>((resolve) => {
    const stream = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
    stream.once('error', () => {
      res.destroy()
      resolve()
    })
    res.once('close', () => resolve())
    stream.pipe(res)
  })
}

function writeCached(res: http.ServerResponse, image: import('./image-cache.ts').CachedImage, head: boolean) {
  res.statusCode = image.status
  for (const [name, value] of image.headers) {
    if (name !== 'transfer-encoding' && name !== 'content-length') res.setHeader(name, value)
  }
  res.setHeader('content-length', image.body.length)
  res.end(head ? undefined : image.body)
}

function sendJson(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify({ message }))
}

function sendText(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=UTF-8', 'cache-control': 'no-store' })
  res.end(message)
}

/** Whether the publish folder has a file for this path (Netlify serves it before a non-forced rule). */
function hasStaticFile(siteDir: string, pathname: string): boolean {
  const publish = path.join(siteDir, 'dist')
  const relative = decodeURIComponent(pathname).replace(/^\/+/, '')
  const candidates = [relative, path.join(relative, 'index.html'), `${relative.replace(/\/$/, '')}.html`]
  return candidates.some((c) => {
    const file = path.resolve(publish, c)
    return file.startsWith(publish) && existsSync(file) && statSync(file).isFile()
  })
}

/** The site's redirect rules (its netlify.toml), to read a matched rule's status. */
async function redirectRules(siteDir: string): Promise<RedirectsHandler> {
  const { RedirectsHandler } = await import('@netlify/redirects')
  const toml = parseToml(readFileSync(path.join(siteDir, 'netlify.toml'), 'utf8')) as { redirects?: [] }
  return new RedirectsHandler({
    configRedirects: toml.redirects ?? [],
    jwtRoleClaim: '',
    jwtSecret: '',
    projectDir: siteDir,
  })
}

/** What Netlify answers for a path nothing serves: the site's own 404 page, with status 404. */
function notFoundPage(siteDir: string): Response {
  const file = path.join(siteDir, 'dist', '404.html')
  if (existsSync(file)) {
    return new Response(readFileSync(file), { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } })
  }
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } })
}

const quietLogger = {
  log: () => {},
  warn: (message: string) => console.warn(`[site] ${message}`),
  error: (message: string) => console.error(`[site] ${message}`),
} as unknown as ConstructorParameters<typeof NetlifyDev>[0]['logger']
