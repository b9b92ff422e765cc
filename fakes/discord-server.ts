import { randomBytes } from 'node:crypto'
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from './listen.ts'
import { noteAnswer, recordRequest, type RecordedRequest } from './recorded-request.ts'

/**
 * A fake of Discord's webhooks on 127.0.0.1 (never the internet), built from Discord's published
 * API reference (github.com/discord/discord-api-docs, developers/…):
 *   POST /api[/v<n>]/webhooks/<id>/<token>   Execute Webhook (resources/webhook.mdx): JSON, or a form
 *        whose `payload_json` holds the JSON. 204 No Content, or with `?wait=true` (also True or 1,
 *        reference.mdx "Boolean Query Strings") 200 and the message object.
 *   GET  /api[/v<n>]/webhooks/<id>/<token>   Get Webhook with Token: the webhook object.
 * What it follows, and where it is written:
 * - A body is checked as Discord does (resources/message.mdx "Embed Limits", resources/webhook.mdx):
 *   content up to 2000 characters, up to 10 embeds; per embed title 256, description 4096, up to 25
 *   fields, field name 256 and value 1024 (both required), footer text 2048, author name 256;
 *   all of those summed over every embed up to 6000. Lengths are counted after trimming, as the
 *   limits table says. Colours 0..0xFFFFFF; URLs http(s) (images also attachment://). A refusal is
 *   400 `{ code: 50035, message: 'Invalid Form Body', errors }`, every error in the nested
 *   `_errors` shape of reference.mdx "Error Messages"; the error codes and wording inside are the
 *   ones Discord is seen to send (BASE_TYPE_MAX_LENGTH 'Must be 2000 or fewer in length.',
 *   MAX_EMBED_SIZE_EXCEEDED, URL_TYPE_INVALID_URL…), which the reference does not list.
 * - A message with nothing to show is 400 `{ code: 50006, message: 'Cannot send an empty message' }`
 *   (topics/opcodes-and-status-codes.mdx JSON error codes), not 50035: that is what Discord answers.
 *   A body that is not JSON is 400 code 50109; another Content-Type is 400 code 50035.
 * - An unknown webhook id is 404 `{ message: 'Unknown Webhook', code: 10015 }`; a known id with
 *   another token is 401 `{ message: 'Invalid Webhook Token', code: 50027 }` (same table).
 * - Rate limits (topics/rate-limits.mdx): every answer carries X-RateLimit-Limit, -Remaining,
 *   -Reset, -Reset-After and -Bucket; a 429 has the JSON body `{ message, retry_after, global }`, a
 *   Retry-After header in whole seconds, X-RateLimit-Scope, and for a global limit
 *   X-RateLimit-Global: true and no per-route headers, as the documented examples show. The fake
 *   keeps no real bucket: Remaining is 4 of 5 unless a 429 is queued.
 * - A 401 is `{ message: '401: Unauthorized', code: 0 }`, other 4xx alike; a 5xx is plain text.
 * Tests queue behaviours (globally or per webhook): a 429, a status, no answer, the webhook deleted.
 * The same controls are HTTP endpoints for a browser test in another process (JSON in and out):
 *   POST /__fake/webhooks                    make a webhook → { id, token, url }
 *   POST /__fake/queue { behaviors, webhookId? }
 *   GET  /__fake/requests  GET /__fake/messages
 *   POST /__fake/reset
 */
export type DiscordBehavior =
  | { kind: 'ok' }
  | { kind: 'rate-limited'; retryAfterSeconds: number; global?: boolean }
  | { kind: 'status'; status: number }
  /** Never answers (the caller's timeout is what ends it); close() drops it. */
  | { kind: 'hang' }
  /** The webhook is deleted before this request: it and every later one answer 404. */
  | { kind: 'delete-webhook' }

export interface FakeWebhook {
  id: string
  token: string
  /** The address to give the site: http://127.0.0.1:<port>/api/webhooks/<id>/<token>. */
  url: string
}

export type DiscordRequest = RecordedRequest

export interface DiscordMessage {
  webhookId: string
  /** The request body as the site sent it. */
  body: Record<string, unknown>
  /** The message object Discord would have made (what `?wait=true` answers). */
  message: Record<string, unknown>
}

export interface FakeDiscord {
  origin: string
  port: number
  requests: DiscordRequest[]
  /** Every message accepted, in order. */
  messages: DiscordMessage[]
  /** A webhook the fake knows; `id` and `token` may be fixed (a hand run keeps its printed URL). */
  createWebhook: (fixed?: { id?: string; token?: string }) => FakeWebhook
  /** Behaviours for the next webhook requests, whichever webhook they are for. */
  queue: (...behaviors: DiscordBehavior[]) => void
  /** Behaviours for the next requests to this webhook; they come before the global ones. */
  queueFor: (webhookId: string, ...behaviors: DiscordBehavior[]) => void
  /** Forgets requests, messages and queued behaviours. Webhooks stay: the site may keep their URLs. */
  reset: () => void
  close: () => Promise<void>
}

type FormError = { code: string; message: string }
type ErrorTree = Record<string, unknown>

const DISCORD_EPOCH = 1_420_070_400_000n

/** A snowflake as reference.mdx lays it out: milliseconds since 2015 above bit 22, a counter below. */
function snowflakes() {
  let increment = 0n
  return () => String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (increment++ & 0xfffn))
}

/** Adds an error at `path` in Discord's nested shape: { embeds: { 0: { title: { _errors: [...] } } } }. */
function addError(tree: ErrorTree, path: (string | number)[], code: string, message: string) {
  let node = tree
  for (const key of path) node = (node[key] ??= {}) as ErrorTree
  ;((node._errors ??= []) as FormError[]).push({ code, message })
}

/** Characters as Discord counts them: code points, leading and trailing whitespace left out. */
const length = (value: unknown) => (typeof value === 'string' ? [...value.trim()].length : 0)

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

function checkLength(errors: ErrorTree, path: (string | number)[], count: number, max: number) {
  if (count > max) addError(errors, path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`)
}

function checkUrl(errors: ErrorTree, path: (string | number)[], value: unknown, schemes: string[]) {
  if (value === undefined || value === null) return
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    return addError(errors, path, 'URL_TYPE_INVALID_URL', 'Not a well formed URL.')
  }
  const scheme = url.protocol.slice(0, -1)
  if (schemes.includes(scheme)) return
  const allowed = schemes.map((s) => `'${s}'`).join(', ')
  addError(
    errors,
    path,
    'URL_TYPE_INVALID_SCHEME',
    `Scheme "${scheme}" is not supported. Scheme must be one of (${allowed}).`,
  )
}

function checkColor(errors: ErrorTree, path: (string | number)[], value: unknown) {
  if (value === undefined || value === null) return
  if (!Number.isInteger(value)) addError(errors, path, 'NUMBER_TYPE_COERCE', `Value "${String(value)}" is not int.`)
  else if ((value as number) < 0)
    addError(errors, path, 'NUMBER_TYPE_MIN', 'int value should be greater than or equal to 0.')
  else if ((value as number) > 0xffffff)
    addError(errors, path, 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.')
}

/** Checks one embed; answers the characters it adds to the message's 6000. */
function checkEmbed(errors: ErrorTree, i: number, embed: Record<string, unknown>): number {
  const at = (...rest: (string | number)[]) => ['embeds', i, ...rest]
  const web = ['http', 'https']
  // Images may name a file sent with the message (reference.mdx "Uploading Files").
  const image = ['http', 'https', 'attachment']
  const footer = asObject(embed.footer)
  const author = asObject(embed.author)
  const fields = Array.isArray(embed.fields) ? embed.fields.map(asObject) : []
  checkLength(errors, at('title'), length(embed.title), 256)
  checkLength(errors, at('description'), length(embed.description), 4096)
  checkLength(errors, at('fields'), fields.length, 25)
  checkLength(errors, at('footer', 'text'), length(footer.text), 2048)
  checkLength(errors, at('author', 'name'), length(author.name), 256)
  checkColor(errors, at('color'), embed.color)
  checkUrl(errors, at('url'), embed.url, web)
  checkUrl(errors, at('image', 'url'), asObject(embed.image).url, image)
  checkUrl(errors, at('thumbnail', 'url'), asObject(embed.thumbnail).url, image)
  checkUrl(errors, at('author', 'url'), author.url, web)
  checkUrl(errors, at('author', 'icon_url'), author.icon_url, image)
  checkUrl(errors, at('footer', 'icon_url'), footer.icon_url, image)
  let size = length(embed.title) + length(embed.description) + length(footer.text) + length(author.name)
  fields.forEach((field, j) => {
    for (const key of ['name', 'value'] as const)
      if (length(field[key]) === 0)
        addError(errors, at('fields', j, key), 'BASE_TYPE_REQUIRED', 'This field is required')
    checkLength(errors, at('fields', j, 'name'), length(field.name), 256)
    checkLength(errors, at('fields', j, 'value'), length(field.value), 1024)
    size += length(field.name) + length(field.value)
  })
  return size
}

/** Discord's answer to a message it would refuse, or null when it would take it. */
function refusal(body: Record<string, unknown>): { code: number; message: string; errors?: ErrorTree } | null {
  const embeds = Array.isArray(body.embeds) ? body.embeds.map(asObject) : []
  const hasOther = ['components', 'poll', 'attachments', 'sticker_ids'].some((k) => body[k] !== undefined)
  if (length(body.content) === 0 && embeds.length === 0 && !hasOther)
    return { code: 50006, message: 'Cannot send an empty message' }
  const errors: ErrorTree = {}
  checkLength(errors, ['content'], length(body.content), 2000)
  checkLength(errors, ['embeds'], embeds.length, 10)
  const size = embeds.reduce((sum, embed, i) => sum + checkEmbed(errors, i, embed), 0)
  if (size > 6000) addError(errors, ['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000')
  return Object.keys(errors).length ? { code: 50035, message: 'Invalid Form Body', errors } : null
}

/** The request's body as Discord reads it: JSON, or a form (payload_json holds the JSON when present). */
async function readBody(req: IncomingMessage): Promise<{ body: unknown; error?: { code: number; message: string } }> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  const type = req.headers['content-type'] ?? ''
  const json = (text: string) => {
    try {
      return { body: JSON.parse(text) as unknown }
    } catch {
      return { body: text, error: { code: 50109, message: 'The request body contains invalid JSON.' } }
    }
  }
  if (type.startsWith('application/json')) return json(raw.toString('utf8'))
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    // The platform's own form parser (undici's), rather than one written here.
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData()
    const payload = form.get('payload_json')
    if (typeof payload === 'string') return json(payload)
    return { body: Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) }
  }
  if (raw.length === 0) return { body: null }
  return { body: raw.toString('utf8'), error: { code: 50035, message: 'Invalid Form Body' } }
}

export interface FakeDiscordOptions {
  port?: number
  /** Called with each message accepted. */
  onMessage?: (message: DiscordMessage) => void
  /** Called with each webhook request once answered (a refusal too). */
  onAnswer?: (request: DiscordRequest) => void
}

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const webhooks = new Map<string, { token: string; name: string }>()
  const perWebhook = new Map<string, DiscordBehavior[]>()
  const global: DiscordBehavior[] = []
  const requests: DiscordRequest[] = []
  const messages: DiscordMessage[] = []
  const hanging = new Set<ServerResponse>()
  const nextId = snowflakes()
  const guildId = nextId()
  const channelId = nextId()
  const bucket = randomBytes(16).toString('hex')

  /** The documented per-route headers; `remaining` 0 and `resetAfter` the wait on a 429. */
  const routeHeaders = (remaining: number, resetAfter: number) => ({
    'x-ratelimit-limit': '5',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': (Date.now() / 1000 + resetAfter).toFixed(3),
    'x-ratelimit-reset-after': resetAfter.toFixed(3),
    'x-ratelimit-bucket': bucket,
  })

  const answer = (
    res: ServerResponse,
    record: DiscordRequest | null,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    noteAnswer(record, status, body, options.onAnswer)
    if (body === undefined) {
      res.writeHead(status, headers)
      return res.end()
    }
    if (typeof body === 'string') {
      res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' })
      return res.end(body)
    }
    res.writeHead(status, { ...headers, 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  const webhookObject = (id: string, hook: { token: string; name: string }) => ({
    id,
    type: 1,
    guild_id: guildId,
    channel_id: channelId,
    name: hook.name,
    avatar: null,
    application_id: null,
    token: hook.token,
    url: `${fake.origin}/api/webhooks/${id}/${hook.token}`,
  })

  const messageObject = (id: string, hook: { name: string }, body: Record<string, unknown>) => ({
    id: nextId(),
    type: 0,
    content: typeof body.content === 'string' ? body.content : '',
    channel_id: channelId,
    author: {
      id,
      username: typeof body.username === 'string' ? body.username : hook.name,
      avatar: null,
      discriminator: '0000',
      bot: true,
    },
    attachments: [],
    embeds: (Array.isArray(body.embeds) ? body.embeds : []).map((e) => ({ type: 'rich', ...asObject(e) })),
    mentions: [],
    mention_roles: [],
    pinned: false,
    mention_everyone: false,
    tts: body.tts === true,
    // Discord writes microseconds and an offset: 2026-01-01T12:00:00.000000+00:00.
    timestamp: new Date().toISOString().replace('Z', '000+00:00'),
    edited_timestamp: null,
    flags: typeof body.flags === 'number' ? body.flags : 0,
    components: [],
    webhook_id: id,
  })

  const handleWebhook = async (req: IncomingMessage, res: ServerResponse, url: URL, id: string, token: string) => {
    const { body, error } = req.method === 'POST' ? await readBody(req) : { body: null, error: undefined }
    const record = recordRequest(requests, req, url, body)

    const behavior = perWebhook.get(id)?.shift() ?? global.shift() ?? { kind: 'ok' }
    if (behavior.kind === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (behavior.kind === 'rate-limited') {
      const retryAfter = behavior.retryAfterSeconds
      const limited = { message: 'You are being rate limited.', retry_after: retryAfter, global: !!behavior.global }
      const retryHeader = { 'retry-after': String(Math.ceil(retryAfter)) }
      if (behavior.global)
        return answer(res, record, 429, limited, {
          ...retryHeader,
          'x-ratelimit-global': 'true',
          'x-ratelimit-scope': 'global',
        })
      return answer(res, record, 429, limited, {
        ...retryHeader,
        ...routeHeaders(0, retryAfter),
        'x-ratelimit-scope': 'user',
      })
    }
    if (behavior.kind === 'status') {
      const reason = `${behavior.status}: ${STATUS_CODES[behavior.status] ?? 'Error'}`
      if (behavior.status >= 500) return answer(res, record, behavior.status, reason)
      return answer(res, record, behavior.status, { message: reason, code: 0 }, routeHeaders(4, 1))
    }
    if (behavior.kind === 'delete-webhook') webhooks.delete(id)

    const headers = routeHeaders(4, 1)
    const hook = webhooks.get(id)
    if (!hook) return answer(res, record, 404, { message: 'Unknown Webhook', code: 10015 }, headers)
    if (hook.token !== token)
      return answer(res, record, 401, { message: 'Invalid Webhook Token', code: 50027 }, headers)
    if (req.method === 'GET') return answer(res, record, 200, webhookObject(id, hook), headers)
    if (req.method !== 'POST') return answer(res, record, 405, { message: '405: Method Not Allowed', code: 0 }, headers)
    if (error) return answer(res, record, 400, error, headers)
    const payload = asObject(body)
    const refused = refusal(payload)
    if (refused) return answer(res, record, 400, refused, headers)

    const message = messageObject(id, hook, payload)
    const received: DiscordMessage = { webhookId: id, body: payload, message }
    messages.push(received)
    options.onMessage?.(received)
    const wait = ['true', 'True', '1'].includes(url.searchParams.get('wait') ?? '')
    return wait ? answer(res, record, 200, message, headers) : answer(res, record, 204, undefined, headers)
  }

  const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'GET' && path === '/__fake/requests') return answer(res, null, 200, requests)
    if (req.method === 'GET' && path === '/__fake/messages') return answer(res, null, 200, messages)
    if (req.method !== 'POST') return answer(res, null, 404, { error: 'unknown control' })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const control = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      id?: string
      token?: string
      webhookId?: string
      behaviors?: DiscordBehavior[]
    }
    if (path === '/__fake/webhooks') return answer(res, null, 200, fake.createWebhook(control))
    if (path === '/__fake/queue') {
      if (control.webhookId) fake.queueFor(control.webhookId, ...(control.behaviors ?? []))
      else fake.queue(...(control.behaviors ?? []))
    } else if (path === '/__fake/reset') fake.reset()
    else return answer(res, null, 404, { error: 'unknown control' })
    answer(res, null, 200, { ok: true })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const route = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname)
    const handled = url.pathname.startsWith('/__fake/')
      ? handleControl(req, res, url.pathname)
      : route
        ? handleWebhook(req, res, url, route[1]!, route[2]!)
        : Promise.resolve(answer(res, null, 404, { message: '404: Not Found', code: 0 }))
    handled.catch((error: unknown) => {
      if (!res.headersSent) answer(res, null, 500, `fake Discord failed: ${String(error)}`)
    })
  })
  const port = await listenLocal(server, options.port)

  const fake: FakeDiscord = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    messages,
    createWebhook: (fixed = {}) => {
      const id = fixed.id ?? nextId()
      const token = fixed.token ?? randomBytes(51).toString('base64url')
      webhooks.set(id, { token, name: 'Fake Discord' })
      return { id, token, url: `${fake.origin}/api/webhooks/${id}/${token}` }
    },
    queue: (...behaviors) => void global.push(...behaviors),
    queueFor: (webhookId, ...behaviors) => {
      const queued = perWebhook.get(webhookId) ?? []
      queued.push(...behaviors)
      perWebhook.set(webhookId, queued)
    },
    reset: () => {
      requests.length = 0
      messages.length = 0
      global.length = 0
      perWebhook.clear()
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}
