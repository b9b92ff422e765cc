import { randomBytes } from 'node:crypto'
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'
import { noteAnswer, recordRequest, type RecordedRequest } from './recorded-request.ts'

/**
 * A fake Mastodon server on 127.0.0.1 (never the internet), built from Mastodon's published API
 * documentation (github.com/mastodon/documentation, content/en/…):
 *   GET  /api/v1/accounts/verify_credentials   the CredentialAccount (methods/accounts.md)
 *   GET  /api/v2/instance                      the Instance (methods/instance.md, entities/Instance.md)
 *   POST /api/v1/statuses                      the Status posted (methods/statuses.md)
 * What it follows, and where it is written:
 * - Bearer tokens: a missing or unknown one is 401 `{ error: 'The access token is invalid' }`, as
 *   both methods document; a revoked one is 401 `{ error: 'The access token was revoked' }`
 *   (Doorkeeper's wording, which Mastodon passes through).
 * - POST /api/v1/statuses takes form data (urlencoded or multipart) or JSON: `status`,
 *   `media_ids[]`, `visibility`, `language`, `spoiler_text`, `sensitive`. No text and no media is
 *   422 `{ error: "Validation failed: Text can't be blank" }` (statuses.md). Too long is 422
 *   `{ error: 'Validation failed: Text character limit of 500 exceeded' }`: the wording of
 *   Mastodon's StatusLengthValidator (locale key statuses.over_character_limit). The length is
 *   counted as that validator does: grapheme clusters of the spoiler text plus the text, every URL
 *   counting as `characters_reserved_per_url` (23, api/guidelines.md "Link shortening",
 *   entities/Instance.md) and a remote mention `@user@domain` as `@user`.
 * - `Idempotency-Key` (statuses.md): the same key from the same account within an hour answers
 *   the first status again and posts nothing, whatever the new body says (Mastodon looks the key
 *   up before it validates).
 * - Rate limits (api/rate-limits.md): answers carry X-RateLimit-Limit, -Remaining and -Reset; a
 *   429 is `{ error: 'Too many requests' }` with Remaining 0 and Reset an ISO 8601 time with
 *   microseconds, as Mastodon's Rack::Attack responder writes it (config/initializers/rack_attack.rb).
 * - The instance says `configuration.statuses.max_characters` (500 unless set) and
 *   `characters_reserved_per_url` 23, and `api_versions.mastodon` 7 (Mastodon 4.5).
 * Content is HTML as Mastodon makes it: paragraphs, <br />, links marked up as guidelines.md shows.
 * Mentions and hashtags are not linked, and media ids are echoed without an upload endpoint.
 * Queued behaviours are taken by the calls that carry a token (verify_credentials, statuses): the
 * instance document is public and every behaviour is about an account's calls.
 * The same controls as JSON HTTP endpoints, for a browser test in another process:
 *   POST /__fake/accounts { username? }       → { token, account }
 *   POST /__fake/queue { behaviors }          POST /__fake/max-characters { maxCharacters }
 *   GET  /__fake/requests  GET /__fake/statuses  POST /__fake/reset
 */
export type MastodonBehavior =
  | { kind: 'ok' }
  | { kind: 'rate-limited'; resetInSeconds: number }
  | { kind: 'status'; status: number }
  /** Never answers; close() drops it. */
  | { kind: 'hang' }
  /** The calling token is revoked: this call and later ones with it answer 401. */
  | { kind: 'revoke-token' }

export interface MastodonAccount {
  id: string
  username: string
  acct: string
  display_name: string
  url: string
  uri: string
  avatar: string
  header: string
  locked: boolean
  bot: boolean
  created_at: string
  statuses_count: number
  last_status_at: string | null
  [field: string]: unknown
}

export interface MastodonStatus {
  id: string
  created_at: string
  uri: string
  url: string
  content: string
  visibility: string
  language: string | null
  spoiler_text: string
  account: MastodonAccount
  media_attachments: { id: string; type: string }[]
  card: null
  [field: string]: unknown
}

/** The parameters of a post as the fake read them. */
export interface StatusParams {
  status: string
  visibility?: string
  language?: string
  spoiler_text?: string
  sensitive?: boolean
  media_ids: string[]
}

export interface PostedStatus {
  params: StatusParams
  idempotencyKey: string | null
  status: MastodonStatus
}

export type MastodonRequest = RecordedRequest

export interface FakeMastodon {
  /** The instance URL to give the site. */
  origin: string
  port: number
  requests: MastodonRequest[]
  /** Every status posted (a repeated Idempotency-Key posts nothing). */
  statuses: PostedStatus[]
  /** Registers an account and its access token; `token` may be fixed (a hand run keeps its printed one). */
  createAccount: (options?: { username?: string; token?: string }) => { token: string; account: MastodonAccount }
  setMaxCharacters: (max: number) => void
  queue: (...behaviors: MastodonBehavior[]) => void
  /** Forgets requests, statuses, idempotency keys and behaviours; accounts and tokens stay. */
  reset: () => void
  close: () => Promise<void>
}

const URL_CHARS = 23
// A URL ends before trailing punctuation, as Mastodon's extractor (twitter-text) ends it.
const URL_PATTERN = /(https?:\/\/[^\s<>"]*[^\s<>".,:;!?'")\]])/gi
const REMOTE_MENTION = /(^|[^\w/])@(\w+)@[\w.-]+\w/g

/** The length Mastodon's StatusLengthValidator gives a post. */
export function countableLength(text: string, spoilerText = ''): number {
  const countable = text.replace(URL_PATTERN, 'x'.repeat(URL_CHARS)).replace(REMOTE_MENTION, '$1@$2')
  return [...new Intl.Segmenter().segment(spoilerText + countable)].length
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** A link as api/guidelines.md shows it: the scheme hidden, 30 characters shown, the rest hidden. */
function linkHtml(url: string) {
  const [, scheme = '', rest = ''] = /^(https?:\/\/)(.*)$/i.exec(url) ?? []
  const shown = rest.slice(0, 30)
  const hidden = rest.slice(30)
  return (
    `<a href="${escapeHtml(url)}" rel="nofollow noopener" translate="no" target="_blank">` +
    `<span class="invisible">${escapeHtml(scheme)}</span>` +
    `<span class="${hidden ? 'ellipsis' : ''}">${escapeHtml(shown)}</span>` +
    `<span class="invisible">${escapeHtml(hidden)}</span></a>`
  )
}

/** Plain text to Mastodon's HTML: a paragraph per blank-line block, <br /> per line break, links marked up. */
export function statusHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      // split() with a capture group puts the URLs at the odd places.
      const inline = block
        .split(URL_PATTERN)
        .map((part, i) => (i % 2 ? linkHtml(part) : escapeHtml(part)))
        .join('')
      return `<p>${inline.replace(/\n/g, '<br />')}</p>`
    })
    .join('')
}

/** Ruby's Time#iso8601(6): microseconds and Z. */
const iso8601Micro = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')

async function readParams(req: IncomingMessage): Promise<{ raw: unknown; params: StatusParams }> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  const type = req.headers['content-type'] ?? ''
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
  const truthy = (v: unknown) => v === true || v === 'true' || v === '1'
  if (type.startsWith('application/json')) {
    let body: Record<string, unknown> = {}
    try {
      body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>
    } catch {
      // Rails answers unparseable JSON with 400; here the post is simply blank and refused as such.
    }
    const media = Array.isArray(body.media_ids) ? body.media_ids.map(String) : []
    return {
      raw: body,
      params: {
        status: text(body.status) ?? '',
        visibility: text(body.visibility),
        language: text(body.language),
        spoiler_text: text(body.spoiler_text),
        sensitive: truthy(body.sensitive),
        media_ids: media,
      },
    }
  }
  // Form data, urlencoded or multipart, read by the platform's own parser (undici's).
  const form =
    raw.length > 0 ? await new Response(raw, { headers: { 'content-type': type } }).formData() : new FormData()
  const field = (name: string) => text(form.get(name))
  return {
    raw: Object.fromEntries([...form].map(([k, v]) => [k, typeof v === 'string' ? v : '(file)'])),
    params: {
      status: field('status') ?? '',
      visibility: field('visibility'),
      language: field('language'),
      spoiler_text: field('spoiler_text'),
      sensitive: truthy(field('sensitive')),
      media_ids: form.getAll('media_ids[]').map(String),
    },
  }
}

export interface FakeMastodonOptions {
  port?: number
  /** The clock (the idempotency keys' hour, created_at, the rate-limit reset); a test sets it. */
  now?: () => Date
  /** Called with each status posted. */
  onStatus?: (posted: PostedStatus) => void
  /** Called with each API request once answered (a refusal too). */
  onAnswer?: (request: MastodonRequest) => void
}

export async function startFakeMastodon(options: FakeMastodonOptions = {}): Promise<FakeMastodon> {
  const now = options.now ?? (() => new Date())
  const tokens = new Map<string, { account: MastodonAccount; revoked: boolean }>()
  const idempotency = new Map<string, { status: MastodonStatus; expires: number }>()
  const queued: MastodonBehavior[] = []
  const requests: MastodonRequest[] = []
  const statuses: PostedStatus[] = []
  const hanging = new Set<ServerResponse>()
  let maxCharacters = 500
  let lastId = 0

  // Snowflake-like ids as Mastodon's: milliseconds shifted left 16 bits, plus a sequence.
  const nextId = () => String(BigInt(now().getTime()) * 65536n + BigInt(++lastId % 65536))

  const answer = (
    res: ServerResponse,
    record: MastodonRequest | null,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    noteAnswer(record, status, body, options.onAnswer)
    res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }

  /** The per-token limit of api/rate-limits.md: 300 calls in 5 minutes, reset at the period's end. */
  const rateHeaders = (remaining: number, resetInSeconds?: number) => {
    const period = 300
    const seconds = Math.floor(now().getTime() / 1000)
    const reset = resetInSeconds ?? period - (seconds % period)
    return {
      'x-ratelimit-limit': String(period),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': iso8601Micro(new Date(now().getTime() + reset * 1000)),
    }
  }

  const instance = () => ({
    domain: new URL(fake.origin).host,
    title: 'Fake Mastodon',
    version: '4.5.0',
    source_url: 'https://github.com/mastodon/mastodon',
    description: 'A fake Mastodon server for tests (fakes/mastodon-server.ts).',
    usage: { users: { active_month: tokens.size } },
    thumbnail: { url: `${fake.origin}/packs/media/images/preview.png` },
    icon: [],
    languages: ['en'],
    configuration: {
      urls: { streaming: `ws://${new URL(fake.origin).host}` },
      vapid: { public_key: '' },
      accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
      statuses: { max_characters: maxCharacters, max_media_attachments: 4, characters_reserved_per_url: URL_CHARS },
      media_attachments: {
        supported_mime_types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        description_limit: 1500,
        image_size_limit: 16_777_216,
        image_matrix_limit: 33_177_600,
        video_size_limit: 103_809_024,
        video_frame_rate_limit: 120,
        video_matrix_limit: 8_294_400,
      },
      polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2_629_746 },
      translation: { enabled: false },
    },
    registrations: { enabled: false, approval_required: false, message: null, url: null },
    api_versions: { mastodon: 7 },
    contact: { email: '', account: null },
    rules: [],
  })

  const postStatus = (
    req: IncomingMessage,
    res: ServerResponse,
    record: MastodonRequest,
    account: MastodonAccount,
    params: StatusParams,
  ) => {
    const key = req.headers['idempotency-key']
    const idempotencyKey = typeof key === 'string' && key !== '' ? key : null
    const remembered = idempotencyKey ? idempotency.get(`${account.id}:${idempotencyKey}`) : undefined
    if (remembered && remembered.expires > now().getTime())
      return answer(res, record, 200, remembered.status, rateHeaders(299))

    if (params.status.trim() === '' && params.media_ids.length === 0)
      return answer(res, record, 422, { error: "Validation failed: Text can't be blank" }, rateHeaders(299))
    if (countableLength(params.status, params.spoiler_text) > maxCharacters)
      return answer(
        res,
        record,
        422,
        { error: `Validation failed: Text character limit of ${maxCharacters} exceeded` },
        rateHeaders(299),
      )

    const id = nextId()
    const createdAt = now()
    account.statuses_count += 1
    account.last_status_at = createdAt.toISOString().slice(0, 10)
    const status: MastodonStatus = {
      id,
      created_at: createdAt.toISOString(),
      in_reply_to_id: null,
      in_reply_to_account_id: null,
      sensitive: params.sensitive ?? false,
      spoiler_text: params.spoiler_text ?? '',
      visibility: params.visibility ?? 'public',
      language: params.language ?? null,
      uri: `${fake.origin}/users/${account.username}/statuses/${id}`,
      url: `${fake.origin}/@${account.username}/${id}`,
      replies_count: 0,
      reblogs_count: 0,
      favourites_count: 0,
      quotes_count: 0,
      edited_at: null,
      favourited: false,
      reblogged: false,
      muted: false,
      bookmarked: false,
      pinned: false,
      content: statusHtml(params.status),
      filtered: [],
      reblog: null,
      application: { name: 'Fake client', website: null },
      account: { ...account },
      media_attachments: params.media_ids.map((mediaId) => ({ id: mediaId, type: 'unknown', url: null })),
      mentions: [],
      tags: [],
      emojis: [],
      card: null,
      poll: null,
      quote: null,
    }
    // Kept an hour, as statuses.md says; a key seen again later posts anew.
    if (idempotencyKey)
      idempotency.set(`${account.id}:${idempotencyKey}`, { status, expires: createdAt.getTime() + 3_600_000 })
    const posted: PostedStatus = { params, idempotencyKey, status }
    statuses.push(posted)
    options.onStatus?.(posted)
    answer(res, record, 200, status, rateHeaders(299))
  }

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const record = recordRequest(requests, req, url, null)
    const route = `${req.method} ${url.pathname.replace(/\/$/, '')}`
    // Read first, so the record holds the body whatever the answer (a queued 429 too).
    const { raw, params } = route === 'POST /api/v1/statuses' ? await readParams(req) : { raw: null, params: null }
    record.body = raw
    if (route === 'GET /api/v2/instance') return answer(res, record, 200, instance())
    if (route !== 'GET /api/v1/accounts/verify_credentials' && route !== 'POST /api/v1/statuses')
      return answer(res, record, 404, { error: 'Record not found' })

    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim()
    const holder = bearer ? tokens.get(bearer) : undefined
    const behavior = queued.shift() ?? { kind: 'ok' }
    if (behavior.kind === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (behavior.kind === 'rate-limited')
      return answer(res, record, 429, { error: 'Too many requests' }, rateHeaders(0, behavior.resetInSeconds))
    if (behavior.kind === 'status') {
      const error = behavior.status === 401 ? 'The access token is invalid' : (STATUS_CODES[behavior.status] ?? 'Error')
      return answer(res, record, behavior.status, { error })
    }
    if (behavior.kind === 'revoke-token' && holder) holder.revoked = true

    if (!holder) return answer(res, record, 401, { error: 'The access token is invalid' })
    if (holder.revoked) return answer(res, record, 401, { error: 'The access token was revoked' })
    if (params) return postStatus(req, res, record, holder.account, params)
    const source = { privacy: 'public', sensitive: false, language: '', note: '', fields: [], follow_requests_count: 0 }
    answer(res, record, 200, { ...holder.account, source, role: null }, rateHeaders(299))
  }

  const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'GET' && path === '/__fake/requests') return answer(res, null, 200, requests)
    if (req.method === 'GET' && path === '/__fake/statuses') return answer(res, null, 200, statuses)
    if (req.method !== 'POST') return answer(res, null, 404, { error: 'unknown control' })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const control = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      username?: string
      token?: string
      behaviors?: MastodonBehavior[]
      maxCharacters?: number
    }
    if (path === '/__fake/accounts') return answer(res, null, 200, fake.createAccount(control))
    if (path === '/__fake/queue') fake.queue(...(control.behaviors ?? []))
    else if (path === '/__fake/max-characters') fake.setMaxCharacters(control.maxCharacters ?? 500)
    else if (path === '/__fake/reset') fake.reset()
    else return answer(res, null, 404, { error: 'unknown control' })
    answer(res, null, 200, { ok: true })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const handled = url.pathname.startsWith('/__fake/')
      ? handleControl(req, res, url.pathname)
      : handleApi(req, res, url)
    handled.catch((error: unknown) => {
      if (!res.headersSent) answer(res, null, 500, { error: `fake Mastodon failed: ${String(error)}` })
    })
  })
  const port = await listenLocal(server, options.port)

  const fake: FakeMastodon = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    statuses,
    createAccount: ({ username, token } = {}) => {
      const id = nextId()
      const name = username ?? `racer${tokens.size + 1}`
      const account: MastodonAccount = {
        id,
        username: name,
        acct: name,
        display_name: name,
        locked: false,
        bot: false,
        discoverable: true,
        group: false,
        created_at: now().toISOString(),
        note: '',
        url: `${fake.origin}/@${name}`,
        uri: `${fake.origin}/users/${name}`,
        // Mastodon's own placeholders for an account with no avatar or header.
        avatar: `${fake.origin}/avatars/original/missing.png`,
        avatar_static: `${fake.origin}/avatars/original/missing.png`,
        header: `${fake.origin}/headers/original/missing.png`,
        header_static: `${fake.origin}/headers/original/missing.png`,
        followers_count: 0,
        following_count: 0,
        statuses_count: 0,
        last_status_at: null,
        emojis: [],
        fields: [],
      }
      const accessToken = token ?? randomBytes(32).toString('base64url')
      tokens.set(accessToken, { account, revoked: false })
      return { token: accessToken, account }
    },
    setMaxCharacters: (max) => {
      maxCharacters = max
    },
    queue: (...behaviors) => void queued.push(...behaviors),
    reset: () => {
      requests.length = 0
      statuses.length = 0
      queued.length = 0
      idempotency.clear()
      maxCharacters = 500
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}
