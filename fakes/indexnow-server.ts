import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'
import { noteAnswer, recordRequest, type RecordedRequest } from './recorded-request.ts'

/**
 * A fake IndexNow endpoint (what Bing, Yandex, Seznam and Naver share) on 127.0.0.1, never the
 * internet, built from the protocol's published documentation (indexnow.org/documentation, the
 * same table on bing.com/indexnow, and Yandex's "Key for user verification" page):
 *   GET  /indexnow?url=<url>&key=<key>[&keyLocation=<url>]   one URL
 *   POST /indexnow  JSON { host, key, keyLocation?, urlList }  a set, up to 10,000 URLs a post
 * The answers are the documented ones:
 *   200 OK          submitted (the key was checked)
 *   202 Accepted    received, key validation pending (what the fake answers with verifyKey off)
 *   400 Bad request invalid format: not JSON (Content-Type application/json, charset utf-8), a
 *                   field missing, a URL that does not parse, more than 10,000 URLs (the limit is
 *                   documented, the answer to going past it is not: 400 is the fake's choice)
 *   403 Forbidden   key not valid: the key file not found, or found without the key in it
 *   422 Unprocessable Entity   a URL not on `host` (or outside the key file's folder when
 *                   keyLocation is given: a key file only covers the URLs under its own folder), or
 *                   a key not of the schema: 8 to 128 of a-z, A-Z, 0-9 and '-'
 *   429 Too Many Requests      only when queued
 * The key is checked as a search engine does (option verifyKey, on by default): the fake GETs
 * keyLocation, or https://<host>/<key>.txt, and wants a 200 whose text, trimmed, is the key. The
 * site under test is not at https://<host>, so `siteOrigin` (http://127.0.0.1:<port>) replaces the
 * key file's scheme, host and port when fetching it; its path stays. A verified key is remembered,
 * as engines remember one, until reset(). The bodies of answers are not part of the protocol: the
 * fake sends a one-line reason to help whoever reads the logs.
 * The same controls as JSON HTTP endpoints, for a browser test in another process:
 *   POST /__fake/queue { behaviors }   POST /__fake/site-origin { siteOrigin }   POST /__fake/reset
 *   GET  /__fake/submissions           GET  /__fake/requests
 */
export type IndexNowBehavior =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  /** Never answers; close() drops it. */
  | { kind: 'hang' }

export interface IndexNowSubmission {
  host: string
  key: string
  keyLocation: string | null
  urls: string[]
  via: 'get' | 'post'
  at: string
}

export type IndexNowRequest = RecordedRequest

export interface FakeIndexNow {
  origin: string
  port: number
  /** The INDEXNOW_URL to give the site: http://127.0.0.1:<port>/indexnow. */
  url: string
  requests: IndexNowRequest[]
  /** Every submission accepted, in order. */
  submissions: IndexNowSubmission[]
  /** The key files the fake fetched, in order (the addresses it fetched, after siteOrigin). */
  keyChecks: string[]
  queue: (...behaviors: IndexNowBehavior[]) => void
  /** Where key files are fetched from instead of https://<host> (null: the key file's own address). */
  setSiteOrigin: (origin: string | null) => void
  /** Forgets requests, submissions, behaviours and verified keys; siteOrigin goes back to the option's. */
  reset: () => void
  close: () => Promise<void>
}

export interface FakeIndexNowOptions {
  port?: number
  /** Fetch the key file before accepting (default true); off, every valid request is 202. */
  verifyKey?: boolean
  siteOrigin?: string
  /** How long the key file's fetch may take before it counts as not found (default 2000 ms). */
  keyFetchTimeoutMs?: number
  /** Called with each submission accepted. */
  onSubmission?: (submission: IndexNowSubmission) => void
  /** Called with each /indexnow request once answered (a refusal too). */
  onAnswer?: (request: IndexNowRequest) => void
}

const KEY_SCHEMA = /^[a-zA-Z0-9-]{8,128}$/
const MAX_URLS = 10_000

/** A refusal: the documented status and the fake's reason. */
class Refusal {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {}
}

const parseUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/** The submission a request makes, as the protocol reads it, or the refusal of its format (400). */
function readSubmission(method: string, url: URL, rawBody: string, contentType: string) {
  if (method === 'GET') {
    const page = url.searchParams.get('url')
    const key = url.searchParams.get('key')
    if (!page || !key) return new Refusal(400, 'url and key are required')
    const pageUrl = parseUrl(page)
    if (!pageUrl) return new Refusal(400, `not a URL: ${page}`)
    return {
      host: pageUrl.host,
      key,
      keyLocation: url.searchParams.get('keyLocation'),
      urls: [page],
      via: 'get' as const,
    }
  }
  if (!/^application\/json\b/i.test(contentType)) return new Refusal(400, 'the body must be application/json')
  let body: Record<string, unknown>
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>
  } catch {
    return new Refusal(400, 'the body is not JSON')
  }
  const { host, key, keyLocation, urlList } = body ?? {}
  if (typeof host !== 'string' || typeof key !== 'string') return new Refusal(400, 'host and key are required')
  if (keyLocation !== undefined && typeof keyLocation !== 'string') return new Refusal(400, 'keyLocation must be a URL')
  if (!Array.isArray(urlList) || urlList.length === 0 || !urlList.every((u) => typeof u === 'string'))
    return new Refusal(400, 'urlList must be a list of URLs')
  if (urlList.length > MAX_URLS) return new Refusal(400, `at most ${MAX_URLS} URLs a post`)
  const bad = urlList.find((u) => !parseUrl(u))
  if (bad !== undefined) return new Refusal(400, `not a URL: ${bad}`)
  return { host, key, keyLocation: keyLocation ?? null, urls: urlList as string[], via: 'post' as const }
}

/** The protocol's 422s: the key's schema, and every URL on the host (and under the key file's folder). */
function checkScope(host: string, key: string, keyLocation: string | null, urls: string[]): Refusal | null {
  if (!KEY_SCHEMA.test(key)) return new Refusal(422, 'the key must be 8 to 128 of a-z, A-Z, 0-9 and -')
  const wanted = host.toLowerCase()
  const foreign = urls.find((u) => new URL(u).host !== wanted)
  if (foreign) return new Refusal(422, `${foreign} does not belong to ${host}`)
  if (keyLocation === null) return null
  const location = parseUrl(keyLocation)
  if (!location || location.host !== wanted) return new Refusal(422, `keyLocation ${keyLocation} is not on ${host}`)
  const folder = location.pathname.slice(0, location.pathname.lastIndexOf('/') + 1)
  const outside = urls.find((u) => !new URL(u).pathname.startsWith(folder))
  return outside ? new Refusal(422, `${outside} is outside ${folder}, the key file's folder`) : null
}

export async function startFakeIndexNow(options: FakeIndexNowOptions = {}): Promise<FakeIndexNow> {
  const verifyKey = options.verifyKey ?? true
  const queued: IndexNowBehavior[] = []
  const requests: IndexNowRequest[] = []
  const submissions: IndexNowSubmission[] = []
  const keyChecks: string[] = []
  const verified = new Set<string>()
  const hanging = new Set<ServerResponse>()
  let siteOrigin = options.siteOrigin ?? null

  const answer = (res: ServerResponse, record: IndexNowRequest | null, status: number, body: unknown) => {
    noteAnswer(record, status, body, options.onAnswer)
    const json = typeof body !== 'string'
    res.writeHead(status, { 'content-type': json ? 'application/json' : 'text/plain; charset=utf-8' })
    res.end(json ? JSON.stringify(body) : body)
  }

  /** Fetches the key file as an engine would; a refusal (403) when it is missing or says something else. */
  const checkKey = async (host: string, key: string, keyLocation: string | null): Promise<Refusal | null> => {
    const location = new URL(keyLocation ?? `https://${host}/${key}.txt`)
    const remembered = `${host} ${key} ${location.href}`
    if (verified.has(remembered)) return null
    const fetched = siteOrigin ? new URL(`${location.pathname}${location.search}`, siteOrigin).href : location.href
    keyChecks.push(fetched)
    try {
      const response = await fetch(fetched, { signal: AbortSignal.timeout(options.keyFetchTimeoutMs ?? 2000) })
      const text = await response.text()
      if (!response.ok) return new Refusal(403, `key file not found: ${fetched} answered ${response.status}`)
      if (text.trim() !== key) return new Refusal(403, `key file ${fetched} does not hold the key`)
    } catch (error) {
      return new Refusal(403, `key file not found: ${fetched} (${(error as Error).message})`)
    }
    verified.add(remembered)
    return null
  }

  const handleSubmission = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    let body: unknown = null
    if (req.method === 'POST') {
      try {
        body = JSON.parse(rawBody)
      } catch {
        body = rawBody
      }
    }
    const record = recordRequest(requests, req, url, body)

    const behavior = queued.shift() ?? { kind: 'ok' }
    if (behavior.kind === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (behavior.kind === 'status') return answer(res, record, behavior.status, `queued answer ${behavior.status}`)
    if (req.method !== 'GET' && req.method !== 'POST') return answer(res, record, 405, 'GET or POST')

    const read = readSubmission(req.method, url, rawBody, req.headers['content-type'] ?? '')
    if (read instanceof Refusal) return answer(res, record, read.status, read.reason)
    const refused =
      checkScope(read.host, read.key, read.keyLocation, read.urls) ??
      (verifyKey ? await checkKey(read.host, read.key, read.keyLocation) : null)
    if (refused) return answer(res, record, refused.status, refused.reason)

    const submission: IndexNowSubmission = { ...read, at: record.at }
    submissions.push(submission)
    options.onSubmission?.(submission)
    answer(res, record, verifyKey ? 200 : 202, verifyKey ? 'OK' : 'Accepted: key validation pending')
  }

  const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'GET' && path === '/__fake/submissions') return answer(res, null, 200, submissions)
    if (req.method === 'GET' && path === '/__fake/requests') return answer(res, null, 200, requests)
    if (req.method !== 'POST') return answer(res, null, 404, { error: 'unknown control' })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const control = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      behaviors?: IndexNowBehavior[]
      siteOrigin?: string | null
    }
    if (path === '/__fake/queue') fake.queue(...(control.behaviors ?? []))
    else if (path === '/__fake/site-origin') fake.setSiteOrigin(control.siteOrigin ?? null)
    else if (path === '/__fake/reset') fake.reset()
    else return answer(res, null, 404, { error: 'unknown control' })
    answer(res, null, 200, { ok: true })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    // Engines answer /indexnow and /IndexNow alike (Bing's sample posts to /IndexNow).
    const handled = url.pathname.startsWith('/__fake/')
      ? handleControl(req, res, url.pathname)
      : url.pathname.toLowerCase() === '/indexnow'
        ? handleSubmission(req, res, url)
        : Promise.resolve(answer(res, null, 404, 'not found'))
    handled.catch((error: unknown) => {
      if (!res.headersSent) answer(res, null, 500, `fake IndexNow failed: ${String(error)}`)
    })
  })
  const port = await listenLocal(server, options.port)
  const origin = `http://127.0.0.1:${port}`

  const fake: FakeIndexNow = {
    origin,
    port,
    url: `${origin}/indexnow`,
    requests,
    submissions,
    keyChecks,
    queue: (...behaviors) => void queued.push(...behaviors),
    setSiteOrigin: (value) => {
      siteOrigin = value
    },
    reset: () => {
      requests.length = 0
      submissions.length = 0
      keyChecks.length = 0
      queued.length = 0
      verified.clear()
      siteOrigin = options.siteOrigin ?? null
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}
