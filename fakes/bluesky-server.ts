import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'

/**
 * A fake of the Bluesky PDS (AT Protocol XRPC) on 127.0.0.1, never the internet: the four calls a
 * site makes to post an announcement. The service URL to configure is `serviceUrl`.
 *   POST /xrpc/com.atproto.server.createSession   { identifier (handle or DID), password } → session
 *   POST /xrpc/com.atproto.server.refreshSession  Bearer refreshJwt → a new session
 *   POST /xrpc/com.atproto.repo.uploadBlob        Bearer accessJwt, raw bytes, Content-Type → { blob }
 *   POST /xrpc/com.atproto.repo.createRecord      Bearer accessJwt, { repo, collection, record } → { uri, cid }
 * Any other XRPC method answers 501 MethodNotImplemented. Accounts are made per test (createAccount),
 * each with one app password; every accepted post and blob is kept (`posts`, `blobs`).
 *
 * What it follows, and where that is written (read 2026; bluesky-social/atproto and bsky-docs):
 * - Lexicons com/atproto/server/createSession.json, refreshSession.json, com/atproto/repo/
 *   uploadBlob.json, createRecord.json, app/bsky/feed/post.json, app/bsky/richtext/facet.json,
 *   app/bsky/embed/external.json: the inputs and outputs; text at most 3000 UTF-8 bytes
 *   (`maxLength`) and 300 graphemes; createdAt a datetime (RFC 3339 with Z or ±hh:mm, as the
 *   Lexicon spec and @atproto/syntax datetime.ts have it); the facet's byteSlice counted in UTF-8
 *   bytes; a link's `uri` of format uri (@atproto/syntax uri.ts); the external embed's uri, title
 *   and description required, no length limit on title or description, thumb a blob of `image/*`
 *   up to 1,000,000 bytes; a post's record key a TID.
 * - docs.bsky.app "Posts" (Posting via the Bluesky API, website card embeds) and "Links, mentions,
 *   and rich text": the blob object's shape, the at:// uri answered, facets indexed in UTF-8 bytes
 *   with an exclusive end, and "facets can not overlap".
 * - docs.bsky.app "Rate Limits": 429 past a limit, with the draft-polli RateLimit-* headers;
 *   createSession 30 per 5 minutes, record writes 5,000 points an hour, 3,000 requests per 5 minutes
 *   overall (the defaults of a queued 'rate-limited'; RateLimit-Reset in epoch seconds and
 *   RateLimit-Policy `<limit>;w=<seconds>` as xrpc-server's rate-limiter-http.ts sets them).
 * - The PDS's own answers (packages/pds, packages/xrpc-server): errors as { error, message }; a wrong
 *   password 401 AuthenticationRequired "Invalid identifier or password"; no Authorization 401
 *   AuthMissing; a token not issued here 400 InvalidToken; an expired one 400 ExpiredToken "Token
 *   has expired"; a refresh token where an access one goes, or the reverse, 400 InvalidToken "Bad
 *   token scope"; a revoked refresh token 400 ExpiredToken "Token has been revoked". A refresh token
 *   once used stays good for a 2-hour grace, as the PDS's. A revoked app password ends its refresh
 *   tokens, not the access tokens already out (they are JWTs and run to their end). A `repo` of
 *   another account 401 AuthenticationRequired, of no account 403 AccountNotFound (createRecord.ts:
 *   not 400). A record that fails its lexicon 400 InvalidRequest "Invalid app.bsky.feed.post record:
 *   … at $.record…"; a missing $type is taken as the collection, another is refused; `validate:
 *   false` skips the lexicon but not the blob checks. A blob the record names must have been
 *   uploaded by this account (400 BlobNotFound), with the same mimeType and size (InvalidMimeType,
 *   InvalidSize). A blob's mimeType is sniffed from its bytes (PNG, JPEG, GIF, WebP), else the
 *   Content-Type; its ref is a real CIDv1 (raw, sha-256), so "bafkrei…". An upload over the limit
 *   413 PayloadTooLarge "request entity too large".
 * Where it is stricter than the PDS, on purpose: uploads stop at 1,000,000 bytes by default (the
 *   largest blob a post's thumb may name; the PDS itself takes 50 MB and refuses the reference at
 *   createRecord instead; `blobUploadLimit` sets it), and a facet must lie inside the text, on
 *   UTF-8 character boundaries, non-empty, not overlapping another: the PDS stores such a post and
 *   renderers show it wrong, the bug the rich-text page warns of. A record's cid is sha-256 of its
 *   JSON, not of its DAG-CBOR (CID-like only). Access tokens expire after `accessTokenLifetime`
 *   (2 hours as the PDS's by default, or a number of uses).
 *
 * Tests queue behaviours, taken by the next XRPC call (or the next call to `method` when given):
 * 'ok', 'rate-limited' (429 with the headers), 'status' (that status as an XRPC error), 'hang' (no
 * answer), 'revoke-password' (the account's app password stops working, then the call goes on).
 * The same controls are HTTP endpoints, for an end-to-end test in another process:
 *   POST /__fake/accounts { handle, appPassword? } → the account      POST /__fake/reset
 *   POST /__fake/queue { behaviors: [...] }                          POST /__fake/revoke { identifier }
 *   POST /__fake/token-lifetime { seconds?, requests? }              POST /__fake/expire-tokens
 *   GET  /__fake/posts (each with `links`, from linkFacets)          GET  /__fake/blobs (no bytes)
 *   GET  /__fake/requests
 */
export interface FakeBlueskyAccount {
  handle: string
  did: string
  /** xxxx-xxxx-xxxx-xxxx, as Bluesky makes them. */
  appPassword: string
}

/** How long an access token lasts: seconds of the fake's clock, and/or a number of calls. */
export interface TokenLifetime {
  seconds?: number
  requests?: number
}

export type BlueskyBehavior = (
  | { kind: 'ok' }
  /** 429 RateLimitExceeded; limit and window default to the documented limit of the method. */
  | { kind: 'rate-limited'; resetInSeconds: number; limit?: number; windowSeconds?: number }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'hang' }
  | { kind: 'revoke-password' }
) & {
  /** Taken only by a call to this XRPC method (e.g. 'com.atproto.repo.createRecord'). */
  method?: string
}

export type BodySummary =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'bytes'; size: number; contentType: string }

export interface BlueskyRequest {
  order: number
  method: string
  /** The XRPC method's NSID. */
  xrpc: string
  /** Names in lower case. */
  headers: Record<string, string>
  body: BodySummary
}

export interface FakeBlob {
  did: string
  cid: string
  mimeType: string
  size: number
  bytes: Buffer
}

export interface FakePost {
  did: string
  handle: string
  rkey: string
  uri: string
  cid: string
  /** The record as sent. */
  record: Record<string, unknown>
}

/** The text a link facet covers, read at its UTF-8 byte range. */
export interface LinkFacetText {
  uri: string
  text: string
  byteStart: number
  byteEnd: number
}

export interface FakeBlueskyOptions {
  port?: number
  /** The clock, in ms (tests move it instead of waiting). */
  now?: () => number
  accessTokenLifetime?: TokenLifetime
  /** The largest upload taken; 1,000,000 by default. */
  blobUploadLimit?: number
}

export interface FakeBluesky {
  origin: string
  port: number
  /** http://127.0.0.1:<port>, the PDS address to configure. */
  serviceUrl: string
  requests: BlueskyRequest[]
  posts: FakePost[]
  blobs: FakeBlob[]
  /** Makes (or replaces) an account; the app password is generated when not given. */
  createAccount: (account: { handle: string; appPassword?: string }) => FakeBlueskyAccount
  /** The account's app password stops working, and so do its refresh tokens. */
  revokeAppPassword: (identifier: string) => void
  /** For the tokens issued from now on. */
  setAccessTokenLifetime: (lifetime: TokenLifetime) => void
  /** Every access token issued so far has expired. */
  expireAccessTokens: () => void
  linkFacets: (post: FakePost) => LinkFacetText[]
  queue: (...behaviors: BlueskyBehavior[]) => void
  reset: () => void
  close: () => Promise<void>
}

const POST = 'app.bsky.feed.post'
const JSON_LIMIT = 1_000_000
const THUMB_MAX_SIZE = 1_000_000
const REFRESH_GRACE_MS = 2 * 3_600_000
const DEFAULT_LIFETIME: TokenLifetime = { seconds: 2 * 3600 }
const POLICIES: Record<string, { limit: number; windowSeconds: number }> = {
  'com.atproto.server.createSession': { limit: 30, windowSeconds: 300 },
  'com.atproto.repo.createRecord': { limit: 5000, windowSeconds: 3600 },
}
const OVERALL_POLICY = { limit: 3000, windowSeconds: 300 }
/** xrpc's ResponseType names and texts. */
const STATUS_ERRORS: Record<number, [string, string]> = {
  400: ['InvalidRequest', 'Invalid Request'],
  401: ['AuthenticationRequired', 'Authentication Required'],
  403: ['Forbidden', 'Forbidden'],
  404: ['XRPCNotSupported', 'XRPC Not Supported'],
  413: ['PayloadTooLarge', 'Payload Too Large'],
  429: ['RateLimitExceeded', 'Rate Limit Exceeded'],
  500: ['InternalServerError', 'Internal Server Error'],
  501: ['MethodNotImplemented', 'Method Not Implemented'],
  502: ['UpstreamFailure', 'Upstream Failure'],
  503: ['NotEnoughResources', 'Not Enough Resources'],
  504: ['UpstreamTimeout', 'Upstream Timeout'],
}
const errorOf = (status: number) => STATUS_ERRORS[status] ?? STATUS_ERRORS[status < 500 ? 400 : 500]!

/** An XRPC error answer, thrown from a handler. */
class XrpcFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}
const invalid = (message: string, error = 'InvalidRequest') => new XrpcFailure(400, error, message)

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
function base32(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out
}
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
/** A CIDv1 in base32: codec 0x55 (raw) for blobs, 0x71 (dag-cbor) for records; multihash sha2-256. */
const cidOf = (codec: number, data: Uint8Array | string) =>
  `b${base32(Buffer.concat([Buffer.from([0x01, codec, 0x12, 0x20]), sha256(data)]))}`
const base64url = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64url')

const SORTABLE = '234567abcdefghijklmnopqrstuvwxyz'
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/
const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]$/
const URI = /^\w+:(?:\/\/)?[^\s/][^\s]*$/
const DATETIME =
  /^[0-9]{4}-(0[1-9]|1[012])-([0-2][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$/
const isDatetime = (s: unknown) =>
  typeof s === 'string' &&
  s.length <= 64 &&
  !s.endsWith('-00:00') &&
  DATETIME.test(s) &&
  new Date(s).getUTCFullYear() >= 0 &&
  new Date(s).getUTCFullYear() <= 9999

const utf8 = new TextEncoder()
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const graphemeCount = (text: string) => [...graphemes.segment(text)].length
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const preview = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 80)

/** A record that breaks the post's lexicon (or the fake's facet rules): the PDS's message form. */
function fail(path: string, message: string): never {
  throw invalid(`Invalid ${POST} record: ${message} at $.record${path}`)
}
function need(obj: Record<string, unknown>, key: string, path: string): unknown {
  if (obj[key] === undefined) fail(path, `Missing required key "${key}"`)
  return obj[key]
}
function needString(obj: Record<string, unknown>, key: string, path: string): string {
  const value = need(obj, key, path)
  if (typeof value !== 'string') fail(`${path}.${key}`, `Expected string value type (got ${preview(value)})`)
  return value
}
function needObject(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) fail(path, `Expected object value type (got ${preview(value)})`)
  return value
}

function checkFacets(facets: unknown, text: Uint8Array) {
  if (!Array.isArray(facets)) fail('.facets', `Expected array value type (got ${preview(facets)})`)
  const ranges = facets.map((item, i) => {
    const at = `.facets[${i}]`
    const facet = needObject(item, at)
    const index = needObject(need(facet, 'index', at), `${at}.index`)
    const [start, end] = (['byteStart', 'byteEnd'] as const).map((key) => {
      const value = need(index, key, `${at}.index`)
      if (!Number.isInteger(value)) fail(`${at}.index.${key}`, `Expected integer value type (got ${preview(value)})`)
      if ((value as number) < 0) fail(`${at}.index.${key}`, `integer too small (minimum 0, got ${value})`)
      return value as number
    }) as [number, number]
    // Beyond the lexicon: a range that does not cut the text cleanly is the bug the docs warn of.
    if (start >= end) fail(`${at}.index`, `facet range ${start}..${end} is empty`)
    if (end > text.length)
      fail(`${at}.index`, `facet range ${start}..${end} is outside the text's ${text.length} UTF-8 bytes`)
    for (const offset of [start, end])
      if (offset < text.length && (text[offset]! & 0xc0) === 0x80)
        fail(`${at}.index`, `byte ${offset} is inside a UTF-8 character`)
    const features = need(facet, 'features', at)
    if (!Array.isArray(features)) fail(`${at}.features`, `Expected array value type (got ${preview(features)})`)
    features.forEach((f, j) => checkFeature(f, `${at}.features[${j}]`))
    return { start, end, i }
  })
  ranges.sort((a, b) => a.start - b.start)
  for (let k = 1; k < ranges.length; k++)
    if (ranges[k]!.start < ranges[k - 1]!.end) fail(`.facets[${ranges[k]!.i}].index`, 'facets can not overlap')
}

function checkFeature(value: unknown, at: string) {
  const feature = needObject(value, at)
  if (typeof feature.$type !== 'string') fail(at, 'Expected an object which includes the "$type" property value type')
  if (feature.$type === 'app.bsky.richtext.facet#link') {
    const uri = needString(feature, 'uri', at)
    if (!URI.test(uri)) fail(`${at}.uri`, `Invalid uri (got ${preview(uri)})`)
  } else if (feature.$type === 'app.bsky.richtext.facet#mention') {
    const did = needString(feature, 'did', at)
    if (!DID.test(did)) fail(`${at}.did`, `Invalid DID (got ${preview(did)})`)
  } else if (feature.$type === 'app.bsky.richtext.facet#tag') {
    const tag = needString(feature, 'tag', at)
    if (utf8.encode(tag).length > 640) fail(`${at}.tag`, `string too big (maximum 640, got ${utf8.encode(tag).length})`)
    if (graphemeCount(tag) > 64) fail(`${at}.tag`, `grapheme too big (maximum 64, got ${graphemeCount(tag)})`)
  }
}

function checkBlobShape(value: unknown, at: string, maxSize: number) {
  const blob = needObject(value, at)
  const ref = blob.ref
  if (
    blob.$type !== 'blob' ||
    !isObject(ref) ||
    typeof ref.$link !== 'string' ||
    typeof blob.mimeType !== 'string' ||
    !Number.isInteger(blob.size)
  )
    fail(at, `Expected blob value type (got ${preview(blob)})`)
  if (!blob.mimeType.startsWith('image/')) fail(`${at}.mimeType`, `Expected "image/*" (got ${preview(blob.mimeType)})`)
  if ((blob.size as number) > maxSize) fail(at, `blob too big (maximum ${maxSize}, got ${blob.size})`)
}

/** app.bsky.feed.post as its lexicon (and the embeds it knows) says. */
function checkPost(record: Record<string, unknown>) {
  const text = needString(record, 'text', '')
  const bytes = utf8.encode(text)
  if (bytes.length > 3000) fail('.text', `string too big (maximum 3000, got ${bytes.length})`)
  const count = graphemeCount(text)
  if (count > 300) fail('.text', `grapheme too big (maximum 300, got ${count})`)
  const createdAt = need(record, 'createdAt', '')
  if (!isDatetime(createdAt)) fail('.createdAt', `Invalid datetime (got ${preview(createdAt)})`)
  if (record.facets !== undefined) checkFacets(record.facets, bytes)
  if (record.embed === undefined) return
  const embed = needObject(record.embed, '.embed')
  if (typeof embed.$type !== 'string')
    fail('.embed', 'Expected an object which includes the "$type" property value type')
  if (embed.$type !== 'app.bsky.embed.external') return // the other embeds: an open union, not checked here
  const external = needObject(need(embed, 'external', '.embed'), '.embed.external')
  const uri = needString(external, 'uri', '.embed.external')
  if (!URI.test(uri)) fail('.embed.external.uri', `Invalid uri (got ${preview(uri)})`)
  needString(external, 'title', '.embed.external')
  needString(external, 'description', '.embed.external')
  if (external.thumb !== undefined) checkBlobShape(external.thumb, '.embed.external.thumb', THUMB_MAX_SIZE)
}

/** Every blob a record names, wherever it is. */
function blobRefs(value: unknown, out: { cid: string; mimeType: unknown; size: unknown }[] = []) {
  if (Array.isArray(value)) value.forEach((v) => blobRefs(v, out))
  else if (isObject(value)) {
    if (value.$type === 'blob' && isObject(value.ref) && typeof value.ref.$link === 'string')
      out.push({ cid: value.ref.$link, mimeType: value.mimeType, size: value.size })
    else Object.values(value).forEach((v) => blobRefs(v, out))
  }
  return out
}

function sniffMime(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg'
  if (/^GIF8[79]a/.test(bytes.toString('latin1', 0, 6))) return 'image/gif'
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return undefined
}

const contentTypeOf = (req: IncomingMessage) => req.headers['content-type']?.split(';')[0]?.trim().toLowerCase()

/** The body, kept up to `cap` bytes and read to its end either way; `size` is all of it. */
async function readBody(req: IncomingMessage, cap: number) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size < cap) chunks.push(chunk.subarray(0, cap - size))
    size += chunk.length
  }
  return { bytes: Buffer.concat(chunks), size }
}

interface Account extends FakeBlueskyAccount {
  revoked: boolean
}
interface Token {
  kind: 'access' | 'refresh'
  did: string
  appPassword: string
  expiresAt: number
  usesLeft: number
  /** From then on the PDS answers "Token has been revoked" (a refresh token's grace, a revoked password). */
  revokedAt: number
}

export async function startFakeBluesky(options: FakeBlueskyOptions = {}): Promise<FakeBluesky> {
  const now = options.now ?? Date.now
  const uploadLimit = options.blobUploadLimit ?? 1_000_000
  const accounts = new Map<string, Account>()
  const tokens = new Map<string, Token>()
  const queued: BlueskyBehavior[] = []
  const requests: BlueskyRequest[] = []
  const posts: FakePost[] = []
  const blobs: FakeBlob[] = []
  const hanging = new Set<ServerResponse>()
  let lifetime = options.accessTokenLifetime ?? DEFAULT_LIFETIME
  let lastMicros = 0
  let serviceUrl = ''

  /** A TID: microseconds since 1970 and a clock id, 13 base32-sortable characters. */
  const nextTid = () => {
    lastMicros = Math.max(now() * 1000, lastMicros + 1)
    let n = (BigInt(lastMicros) << 10n) | 7n
    let out = ''
    for (let i = 0; i < 13; i++, n >>= 5n) out = SORTABLE[Number(n & 31n)] + out
    return out
  }

  const findAccount = (identifier: string) =>
    accounts.get(identifier) ?? [...accounts.values()].find((a) => a.handle === identifier.toLowerCase())

  const issue = (kind: Token['kind'], account: Account) => {
    const iat = Math.floor(now() / 1000)
    const seconds = kind === 'refresh' ? 90 * 86_400 : (lifetime.seconds ?? DEFAULT_LIFETIME.seconds!)
    const header = { typ: kind === 'access' ? 'at+jwt' : 'refresh+jwt', alg: 'HS256' }
    const payload = {
      scope: kind === 'access' ? 'com.atproto.appPass' : 'com.atproto.refresh',
      sub: account.did,
      aud: 'did:web:127.0.0.1',
      iat,
      exp: iat + seconds,
      ...(kind === 'refresh' ? { jti: randomBytes(16).toString('base64url') } : {}),
    }
    const jwt = `${base64url(header)}.${base64url(payload)}.${randomBytes(32).toString('base64url')}`
    const usesLeft = kind === 'access' ? (lifetime.requests ?? Infinity) : Infinity
    const expiresAt = now() + seconds * 1000
    tokens.set(jwt, {
      kind,
      did: account.did,
      appPassword: account.appPassword,
      expiresAt,
      usesLeft,
      revokedAt: Infinity,
    })
    return jwt
  }

  const session = (account: Account) => ({
    accessJwt: issue('access', account),
    refreshJwt: issue('refresh', account),
    handle: account.handle,
    did: account.did,
    // @atproto/api sends later calls to the PDS this names: here, the fake itself.
    didDoc: {
      '@context': ['https://www.w3.org/ns/did/v1'],
      id: account.did,
      alsoKnownAs: [`at://${account.handle}`],
      service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: serviceUrl }],
    },
    emailConfirmed: false,
    emailAuthFactor: false,
    active: true,
  })

  const revoke = (account: Account) => {
    account.revoked = true
    for (const token of tokens.values())
      if (token.kind === 'refresh' && token.did === account.did && token.appPassword === account.appPassword)
        token.revokedAt = Math.min(token.revokedAt, now())
  }

  /** The token of a Bearer header, as the PDS's auth verifier reads it. */
  const bearer = (req: IncomingMessage, kind: Token['kind']) => {
    const header = req.headers.authorization
    if (!header) throw new XrpcFailure(401, 'AuthMissing', 'Authentication Required')
    const parts = header.split(' ')
    if (parts.length !== 2) throw invalid('Malformed authorization header', 'InvalidToken')
    if (parts[0]!.toLowerCase() !== 'bearer') throw invalid('Unexpected authorization type', 'InvalidToken')
    const token = tokens.get(parts[1]!)
    const account = token && accounts.get(token.did)
    if (!token || !account) throw invalid('Token could not be verified', 'InvalidToken')
    if (now() >= token.expiresAt || token.usesLeft <= 0) throw invalid('Token has expired', 'ExpiredToken')
    if (token.kind !== kind) throw invalid('Bad token scope', 'InvalidToken')
    if (now() >= token.revokedAt) throw invalid('Token has been revoked', 'ExpiredToken')
    token.usesLeft--
    return { token, account }
  }

  const jsonInput = (req: IncomingMessage, body: { bytes: Buffer; size: number }) => {
    const type = contentTypeOf(req)
    if (!type) throw invalid('Request encoding (Content-Type) required but not provided')
    if (type !== 'application/json') throw invalid(`Wrong request encoding (Content-Type): ${type}`)
    if (body.size > JSON_LIMIT) throw new XrpcFailure(413, 'PayloadTooLarge', 'request entity too large')
    let input: unknown
    try {
      input = JSON.parse(body.bytes.toString('utf8'))
    } catch {
      throw invalid('Input is not valid JSON')
    }
    if (!isObject(input)) throw invalid('Input must be an object')
    return input
  }
  const inputString = (input: Record<string, unknown>, key: string) => {
    if (input[key] === undefined) throw invalid(`Input must have the property "${key}"`)
    if (typeof input[key] !== 'string') throw invalid(`Input/${key} must be a string`)
    return input[key]
  }

  type Handler = (req: IncomingMessage, body: { bytes: Buffer; size: number }) => unknown
  const handlers: Record<string, Handler> = {
    'com.atproto.server.createSession': (req, body) => {
      const input = jsonInput(req, body)
      const identifier = inputString(input, 'identifier')
      const password = inputString(input, 'password')
      const account = findAccount(identifier)
      if (!account || account.revoked || account.appPassword !== password)
        throw new XrpcFailure(401, 'AuthenticationRequired', 'Invalid identifier or password')
      return session(account)
    },
    'com.atproto.server.refreshSession': (req) => {
      const { token, account } = bearer(req, 'refresh')
      // Used once, it lasts the PDS's grace period more (a retry after a lost answer still works).
      token.revokedAt = Math.min(token.revokedAt, now() + REFRESH_GRACE_MS)
      return session(account)
    },
    'com.atproto.repo.uploadBlob': (req, body) => {
      const { account } = bearer(req, 'access')
      if (!contentTypeOf(req)) throw invalid('Request encoding (Content-Type) required but not provided')
      if (body.size > uploadLimit) throw new XrpcFailure(413, 'PayloadTooLarge', 'request entity too large')
      const mimeType = sniffMime(body.bytes) ?? contentTypeOf(req)!
      const cid = cidOf(0x55, body.bytes)
      if (!blobs.some((b) => b.did === account.did && b.cid === cid))
        blobs.push({ did: account.did, cid, mimeType, size: body.size, bytes: body.bytes })
      return { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: body.size } }
    },
    'com.atproto.repo.createRecord': (req, body) => {
      const { account } = bearer(req, 'access')
      const input = jsonInput(req, body)
      const repo = inputString(input, 'repo')
      const collection = inputString(input, 'collection')
      if (!isObject(input.record)) throw invalid('Input must have the property "record"')
      if (input.validate !== undefined && typeof input.validate !== 'boolean')
        throw invalid('Input/validate must be a boolean')
      const owner = findAccount(repo)
      if (!owner) throw new XrpcFailure(403, 'AccountNotFound', 'Account not found')
      if (owner.did !== account.did) throw new XrpcFailure(401, 'AuthenticationRequired', 'Authentication Required')
      if (collection !== POST) throw invalid(`The fake knows only ${POST} records, not ${collection}`)
      const record = input.record
      if (record.$type !== undefined && record.$type !== collection)
        throw invalid(`Invalid $type: expected ${collection}, got ${String(record.$type)}`)
      const rkey = input.rkey ?? nextTid()
      if (typeof rkey !== 'string' || !TID.test(rkey))
        throw invalid(`Invalid record key for ${POST}: Invalid TID string (got ${preview(rkey)})`)
      if (input.validate !== false) checkPost(record)
      for (const ref of blobRefs(record)) {
        const found = blobs.find((b) => b.did === account.did && b.cid === ref.cid)
        if (!found) throw invalid(`Could not find blob: ${ref.cid}`, 'BlobNotFound')
        if (found.mimeType !== ref.mimeType)
          throw invalid(
            `Referenced Mimetype does not match stored blob. Expected: ${found.mimeType}, Got: ${String(ref.mimeType)}`,
            'InvalidMimeType',
          )
        if (found.size !== ref.size)
          throw invalid(
            `Referenced Size does not match stored blob. Expected: ${found.size}, Got: ${String(ref.size)}`,
            'InvalidSize',
          )
      }
      if (posts.some((p) => p.did === account.did && p.rkey === rkey)) throw invalid('Record already exists')
      const uri = `at://${account.did}/${POST}/${rkey}`
      const cid = cidOf(0x71, JSON.stringify(record))
      posts.push({ did: account.did, handle: account.handle, rkey, uri, cid, record })
      return {
        uri,
        cid,
        commit: { cid: cidOf(0x71, `${uri} ${cid}`), rev: nextTid() },
        ...(input.validate === false ? {} : { validationStatus: 'valid' }),
      }
    },
  }

  /** The next queued behaviour for this method (or for any), taken off the queue. */
  const behaviorFor = (xrpc: string): BlueskyBehavior => {
    const i = queued.findIndex((b) => !b.method || b.method === xrpc)
    return i === -1 ? { kind: 'ok' } : queued.splice(i, 1)[0]!
  }

  /** The account a call is about: its token's, or the identifier it logs in with; else every one. */
  const accountsOf = (req: IncomingMessage, body: Buffer): Account[] => {
    const token = tokens.get(req.headers.authorization?.split(' ')[1] ?? '')
    let identifier: unknown = token?.did
    try {
      identifier ??= (JSON.parse(body.toString('utf8')) as { identifier?: unknown }).identifier
    } catch {
      // not JSON: no identifier in it
    }
    const account = typeof identifier === 'string' ? findAccount(identifier) : undefined
    return account ? [account] : [...accounts.values()]
  }

  const summary = (req: IncomingMessage, body: { bytes: Buffer; size: number }): BodySummary => {
    if (body.size === 0) return { kind: 'none' }
    if (contentTypeOf(req) === 'application/json')
      try {
        return { kind: 'json', value: JSON.parse(body.bytes.toString('utf8')) }
      } catch {
        // fall through: summarised as bytes
      }
    return { kind: 'bytes', size: body.size, contentType: contentTypeOf(req) ?? '' }
  }

  const xrpc = async (
    req: IncomingMessage,
    res: ServerResponse,
    nsid: string,
    body: { bytes: Buffer; size: number },
  ) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    )
    requests.push({
      order: requests.length + 1,
      method: req.method ?? '',
      xrpc: nsid,
      headers,
      body: summary(req, body),
    })
    const behavior = behaviorFor(nsid)
    if (behavior.kind === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (behavior.kind === 'rate-limited') {
      const policy = POLICIES[nsid] ?? OVERALL_POLICY
      const limit = behavior.limit ?? policy.limit
      return send(
        res,
        429,
        { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
        {
          'RateLimit-Limit': String(limit),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(Math.floor(now() / 1000 + behavior.resetInSeconds)),
          'RateLimit-Policy': `${limit};w=${behavior.windowSeconds ?? policy.windowSeconds}`,
        },
      )
    }
    if (behavior.kind === 'status') {
      const [error, text] = errorOf(behavior.status)
      return send(res, behavior.status, { error, message: behavior.message ?? text })
    }
    if (behavior.kind === 'revoke-password') accountsOf(req, body.bytes).forEach(revoke)
    const handler = handlers[nsid]
    if (!handler) return send(res, 501, { error: 'MethodNotImplemented', message: 'Method Not Implemented' })
    if (req.method !== 'POST')
      return send(res, 400, { error: 'InvalidRequest', message: `Incorrect HTTP method (${req.method}) expected POST` })
    try {
      send(res, 200, await handler(req, body))
    } catch (err) {
      if (!(err instanceof XrpcFailure)) throw err
      send(res, err.status, { error: err.error, message: err.message })
    }
  }

  const control = (req: IncomingMessage, res: ServerResponse, path: string, body: Buffer) => {
    if (req.method === 'GET') {
      if (path === '/__fake/posts')
        return send(
          res,
          200,
          posts.map((p) => ({ ...p, links: fake.linkFacets(p) })),
        )
      if (path === '/__fake/blobs')
        return send(
          res,
          200,
          blobs.map(({ bytes: _bytes, ...b }) => b),
        )
      if (path === '/__fake/requests') return send(res, 200, requests)
      return send(res, 404, { error: 'unknown control' })
    }
    let c: Record<string, unknown>
    try {
      c = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>
    } catch {
      return send(res, 400, { error: 'JSON body' })
    }
    switch (path) {
      case '/__fake/accounts':
        if (typeof c.handle !== 'string') return send(res, 400, { error: 'handle required' })
        return send(res, 200, fake.createAccount(c as { handle: string; appPassword?: string }))
      case '/__fake/queue':
        fake.queue(...((c.behaviors as BlueskyBehavior[] | undefined) ?? []))
        break
      case '/__fake/revoke':
        fake.revokeAppPassword(String(c.identifier))
        break
      case '/__fake/token-lifetime':
        fake.setAccessTokenLifetime(c as TokenLifetime)
        break
      case '/__fake/expire-tokens':
        fake.expireAccessTokens()
        break
      case '/__fake/reset':
        fake.reset()
        break
      default:
        return send(res, 404, { error: 'unknown control' })
    }
    send(res, 200, { ok: true })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    readBody(req, Math.max(uploadLimit, JSON_LIMIT) + 1)
      .then((body) => {
        if (url.pathname.startsWith('/__fake/')) return control(req, res, url.pathname, body.bytes)
        const nsid = /^\/xrpc\/([A-Za-z0-9.-]+)$/.exec(url.pathname)?.[1]
        if (!nsid) return send(res, 404, { error: 'NotFound', message: 'Not Found' })
        return xrpc(req, res, nsid, body)
      })
      .catch(() => {
        if (!res.headersSent) send(res, 500, { error: 'InternalServerError', message: 'Internal Server Error' })
      })
  })
  const port = await listenLocal(server, options.port)
  const origin = `http://127.0.0.1:${port}`
  serviceUrl = origin

  const fake: FakeBluesky = {
    origin,
    port,
    serviceUrl,
    requests,
    posts,
    blobs,
    createAccount: ({ handle, appPassword }) => {
      const name = handle.trim().toLowerCase()
      const did = `did:plc:${base32(sha256(`fake-bluesky:${name}`)).slice(0, 24)}`
      const generated = base32(randomBytes(10)).match(/.{4}/g)!.join('-')
      const account: Account = { handle: name, did, appPassword: appPassword ?? generated, revoked: false }
      accounts.set(did, account)
      return { handle: account.handle, did, appPassword: account.appPassword }
    },
    revokeAppPassword: (identifier) => {
      const account = findAccount(identifier)
      if (account) revoke(account)
    },
    setAccessTokenLifetime: (next) => {
      lifetime = next
    },
    expireAccessTokens: () => {
      for (const token of tokens.values()) if (token.kind === 'access') token.expiresAt = now()
    },
    linkFacets: (post) => {
      const text = utf8.encode(String(post.record.text ?? ''))
      const facets = Array.isArray(post.record.facets) ? (post.record.facets as Record<string, unknown>[]) : []
      return facets.flatMap((facet) => {
        const { byteStart, byteEnd } = facet.index as { byteStart: number; byteEnd: number }
        const features = (facet.features ?? []) as { $type?: string; uri?: string }[]
        return features
          .filter((f) => f.$type === 'app.bsky.richtext.facet#link')
          .map((f) => ({
            uri: String(f.uri),
            text: Buffer.from(text.subarray(byteStart, byteEnd)).toString('utf8'),
            byteStart,
            byteEnd,
          }))
      })
    },
    queue: (...behaviors) => void queued.push(...behaviors),
    reset: () => {
      accounts.clear()
      tokens.clear()
      queued.length = 0
      requests.length = 0
      posts.length = 0
      blobs.length = 0
      lifetime = options.accessTokenLifetime ?? DEFAULT_LIFETIME
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}
