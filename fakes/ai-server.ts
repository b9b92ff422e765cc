import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { deflateSync } from 'node:zlib'
import { listenLocal } from './listen.ts'

/**
 * A fake of the two AI services on 127.0.0.1 (never the internet): Perplexity's Agent API
 * (`POST /v1/responses`, with search_results and usage.cost) and OpenAI's images and chat
 * completions. By default it answers like the real services, built from the request (the asked
 * championship, word count and number of drivers); tests queue other answers per endpoint:
 * 429 with Retry-After, 500, no answer (timeout), a body that is not JSON, or JSON that fails
 * our checks. `npm run fake:ai` runs it by hand (fakes/run-fake-ai.ts).
 */
export type Endpoint = 'responses' | 'images' | 'chat'

export type Behavior =
  | { kind: 'ok' }
  /** The default answer, after `ms` (a job that runs long enough to watch its progress). */
  | { kind: 'slow'; ms: number }
  /**
   * The default answer billed at the most the request allows: a token for every byte of text sent,
   * and every output token it allows (max_completion_tokens / max_output_tokens), or 128,000 (the
   * model's own limit) when it sets none; after `ms` when given.
   */
  | { kind: 'costly'; ms?: number }
  | { kind: 'status'; status: number; retryAfter?: string; message?: string }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'json'; body: unknown }
  | { kind: 'answer'; text: string; sources?: string[] }

export interface RecordedRequest {
  endpoint: Endpoint
  body: Record<string, unknown>
  authorization: string | undefined
}

export interface FakeAi {
  /** The base URL to give the SDK: http://127.0.0.1:<port>/v1 */
  url: string
  port: number
  requests: RecordedRequest[]
  /** The next calls to `endpoint` get these behaviors, in order; then the default answers again. */
  queue: (endpoint: Endpoint, ...behaviors: Behavior[]) => void
  /** Every call whose request text contains `match` gets `behavior` (e.g. one championship of a bulk job fails). */
  when: (match: string, behavior: Behavior) => void
  reset: () => void
  close: () => Promise<void>
}

const paths: Record<string, Endpoint> = {
  '/v1/responses': 'responses',
  '/v1/images/generations': 'images',
  '/v1/chat/completions': 'chat',
}

/** Nouns and verbs for filler sentences; the article only has to read like one. */
const sentences = [
  'The weekend opened with a tense qualifying session as the leading teams traded fastest laps.',
  'Strategy proved decisive when a late safety car bunched the field for a final sprint to the flag.',
  'Tyre wear shaped the race, with the softer compound fading quickly in the afternoon heat.',
  'The championship leader extended the gap in the standings with a measured drive.',
  'Behind the podium, a close fight for the last points positions lasted until the final corner.',
  'Team principals praised the reliability of the new upgrades brought to this round.',
  'Fans packed the grandstands and the paddock buzzed with talk of next season.',
  'Several rookies impressed with their race craft against far more experienced rivals.',
]

function paragraphs(words: number): string {
  const out: string[] = []
  let count = 0
  let i = 0
  while (count < words) {
    const sentence = sentences[i % sentences.length]!
    out.push(sentence)
    count += sentence.split(/\s+/).length
    i++
  }
  const chunks: string[] = []
  for (let p = 0; p < out.length; p += 3) chunks.push(`<p>${out.slice(p, p + 3).join(' ')}</p>`)
  return chunks.join('\n')
}

const drivers = [
  ['Max Fastlap', 'Red Arrow Racing'],
  ['Lena Apex', 'Silver Line Motorsport'],
  ['Tom Chicane', 'Red Arrow Racing'],
  ['Ana Slipstream', 'Blue Comet GP'],
  ['Ravi Kerb', 'Silver Line Motorsport'],
  ['Jules Hairpin', 'Green Flag Team'],
  ['Kai Pitlane', 'Blue Comet GP'],
  ['Mia Paddock', 'Green Flag Team'],
  ['Oscar Gravel', 'Yellow Sector Racing'],
  ['Noor Downforce', 'Yellow Sector Racing'],
]

function perplexityAnswer(body: Record<string, unknown>): { text: string; sources: string[] } {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined
  const input = String(body.input ?? '')
  const instructions = String(body.instructions ?? '')
  const name = format?.json_schema?.name
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  if (name === 'championship_standings') {
    const championship = /standings of the (.+?): the top/.exec(input)?.[1] ?? 'Championship'
    const count = Number(/top (\d+) drivers/.exec(input)?.[1] ?? 10)
    const standings = Array.from({ length: count }, (_, i) => ({
      position: i + 1,
      driverName: drivers[i % drivers.length]![0] + (i >= drivers.length ? ` ${i + 1}` : ''),
      team: drivers[i % drivers.length]![1],
      points: Math.max(0, 300 - i * 25),
    }))
    return {
      text: JSON.stringify({ season: '2025', completedRounds: 18, totalRounds: 24, standings }),
      sources: [`https://www.example.com/${slug(championship)}/standings`, 'https://www.example.org/motorsport/tables'],
    }
  }
  if (name === 'test_headline') {
    return {
      text: JSON.stringify({
        headline: 'Fake headline from the test server',
        summary: 'Nothing happened. This is a test.',
      }),
      sources: ['https://www.example.com/test'],
    }
  }
  const championship = /latest from the (.+?)\.\n?/.exec(input)?.[1] ?? 'Championship'
  const words = Number(/about (\d+) words/.exec(instructions)?.[1] ?? 400)
  const sources = [
    `https://www.example.com/${slug(championship)}/race-report`,
    `https://www.example.org/news/${slug(championship)}`,
  ]
  return {
    text: JSON.stringify({
      title: `${championship}: Title fight tightens after a dramatic weekend`,
      content: `<h2>Race report</h2>\n${paragraphs(words)}`,
      sources,
    }),
    sources,
  }
}

function responsesBody(text: string, sources: string[], model: unknown) {
  return {
    id: `resp_${Date.now()}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'perplexity/sonar',
    status: 'completed',
    output: [
      {
        type: 'search_results',
        queries: ['fake query'],
        results: sources.map((url, i) => ({ url, title: `Source ${i + 1}` })),
      },
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text, annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 1200,
      output_tokens: 600,
      total_tokens: 1800,
      cost: { currency: 'USD', input_cost: 0.0012, output_cost: 0.0006, tool_calls_cost: 0.005, total_cost: 0.0068 },
    },
  }
}

/** A small solid-colour PNG (the colour from the prompt), so images differ per article. */
export function solidPng(seed: string, width = 96, height = 64): Buffer {
  let hash = 0
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const rgb = [hash & 0xff, (hash >> 8) & 0xff, (hash >> 16) & 0xff]
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function defaultAnswer(endpoint: Endpoint, body: Record<string, unknown>): unknown {
  if (endpoint === 'responses') {
    const { text, sources } = perplexityAnswer(body)
    return responsesBody(text, sources, body.model)
  }
  if (endpoint === 'images') {
    return {
      created: Math.floor(Date.now() / 1000),
      data: [{ b64_json: solidPng(String(body.prompt ?? '')).toString('base64') }],
      usage: { input_tokens: 50, output_tokens: 4160, total_tokens: 4210 },
    }
  }
  const messages = (body.messages as { role: string; content: string }[] | undefined) ?? []
  const content = messages.findLast((m) => m.role === 'user')?.content ?? ''
  const html = content
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (block.length < 60 && !/[.!?]$/.test(block) ? `<h2>${block}</h2>` : `<p>${block}</p>`))
    .join('\n')
  return {
    id: `chatcmpl_${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'gpt-5-mini',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify({ html }) } }],
    usage: { prompt_tokens: 300, completion_tokens: 350, total_tokens: 650 },
  }
}

/** Perplexity's sonar prices (per million tokens, and per request), as the fake bills a costly answer. */
const SONAR = { input: 1, output: 1, request: 0.012 }

/** The default answer with its usage at the most `body` allows (Behavior 'costly'). */
function costlyAnswer(endpoint: Endpoint, body: Record<string, unknown>): unknown {
  const answer = defaultAnswer(endpoint, body) as Record<string, unknown>
  const bytes = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value ?? ''))
  const limit = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 128_000)
  if (endpoint === 'chat') {
    const messages = (body.messages as { content: string }[] | undefined) ?? []
    const prompt = messages.reduce((sum, m) => sum + bytes(m.content), 0) + bytes(body.response_format)
    const completion = limit(body.max_completion_tokens ?? body.max_tokens)
    return {
      ...answer,
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    }
  }
  if (endpoint === 'responses') {
    const input = bytes(body.instructions) + bytes(body.input) + bytes(body.response_format)
    const output = limit(body.max_output_tokens)
    const cost = (input * SONAR.input + output * SONAR.output) / 1_000_000 + SONAR.request
    return {
      ...answer,
      usage: { input_tokens: input, output_tokens: output, total_tokens: input + output, cost: { total_cost: cost } },
    }
  }
  return answer
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
  } catch {
    return {}
  }
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export async function startFakeAi(options: { port?: number } = {}): Promise<FakeAi> {
  const queues: Record<Endpoint, Behavior[]> = { responses: [], images: [], chat: [] }
  const rules: { match: string; behavior: Behavior }[] = []
  const requests: RecordedRequest[] = []
  const hanging = new Set<ServerResponse>()

  const server: Server = createServer(async (req, res) => {
    // Hand-run control: POST /__fake/queue { endpoint, behaviors } lets a person try the failures too.
    if (req.method === 'POST' && req.url === '/__fake/queue') {
      const body = (await readBody(req)) as { endpoint?: Endpoint; behaviors?: Behavior[] }
      if (!body.endpoint || !(body.endpoint in queues))
        return send(res, 400, { error: 'endpoint: responses, images or chat' })
      queues[body.endpoint].push(...(body.behaviors ?? []))
      return send(res, 200, { queued: queues[body.endpoint].length })
    }
    // POST /__fake/when { match, behavior }: every call whose request contains `match` (end-to-end tests).
    if (req.method === 'POST' && req.url === '/__fake/when') {
      const body = (await readBody(req)) as { match?: string; behavior?: Behavior }
      if (!body.match || !body.behavior) return send(res, 400, { error: 'match and behavior' })
      rules.push({ match: body.match, behavior: body.behavior })
      return send(res, 200, { rules: rules.length })
    }
    if (req.method === 'POST' && req.url === '/__fake/reset') {
      for (const q of Object.values(queues)) q.length = 0
      rules.length = 0
      return send(res, 200, { reset: true })
    }
    const endpoint = req.method === 'POST' ? paths[(req.url ?? '').split('?')[0]!] : undefined
    if (!endpoint) return send(res, 404, { error: { message: `No fake for ${req.method} ${req.url}` } })
    const body = await readBody(req)
    requests.push({ endpoint, body, authorization: req.headers.authorization })
    if (!req.headers.authorization?.startsWith('Bearer ') || req.headers.authorization.length <= 'Bearer '.length) {
      return send(res, 401, { error: { message: 'Missing API key' } })
    }
    const text = JSON.stringify(body)
    const behavior = queues[endpoint].shift() ?? rules.find((r) => text.includes(r.match))?.behavior ?? { kind: 'ok' }
    switch (behavior.kind) {
      case 'ok':
        return send(res, 200, defaultAnswer(endpoint, body))
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, behavior.ms))
        return send(res, 200, defaultAnswer(endpoint, body))
      case 'costly':
        await new Promise((resolve) => setTimeout(resolve, behavior.ms ?? 0))
        return send(res, 200, costlyAnswer(endpoint, body))
      case 'status':
        return send(
          res,
          behavior.status,
          { error: { message: behavior.message ?? `Fake error ${behavior.status}`, type: 'fake_error' } },
          behavior.retryAfter ? { 'retry-after': behavior.retryAfter } : {},
        )
      case 'hang':
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end('{"output": [ this is not json')
      case 'json':
        return send(res, 200, behavior.body)
      case 'answer':
        return send(res, 200, responsesBody(behavior.text, behavior.sources ?? [], body.model))
    }
  })

  const port = await listenLocal(server, options.port)
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    queue: (endpoint, ...behaviors) => void queues[endpoint].push(...behaviors),
    when: (match, behavior) => void rules.push({ match, behavior }),
    reset: () => {
      for (const q of Object.values(queues)) q.length = 0
      rules.length = 0
      requests.length = 0
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
