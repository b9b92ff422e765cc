import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeDiscord, type FakeDiscord, type FakeWebhook } from '../../fakes/discord-server.ts'
import { startFakeIndexNow, type FakeIndexNow } from '../../fakes/indexnow-server.ts'
import { listenLocal } from '../../fakes/listen.ts'
import { countableLength, startFakeMastodon, type FakeMastodon } from '../../fakes/mastodon-server.ts'

// The fakes the channels' tests talk to, held to what each service documents, through real HTTP.

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

describe('fake Discord', () => {
  let discord: FakeDiscord
  let hook: FakeWebhook
  beforeAll(async () => {
    discord = await startFakeDiscord()
  })
  afterAll(() => discord.close())
  beforeEach(() => {
    discord.reset()
    hook = discord.createWebhook()
  })

  const embed = {
    title: 'Norris wins in Suzuka',
    description: 'A lights-to-flag win.',
    url: 'https://simracing.example/news/suzuka',
    color: 0xff8000,
    image: { url: 'https://simracing.example/img/suzuka.jpg' },
    fields: [{ name: 'Gap', value: '+3.2 s', inline: true }],
    footer: { text: 'SimRacing Hub' },
    author: { name: 'Race desk' },
  }

  it('takes a valid embed: 204 without wait, the message object with wait=true', async () => {
    const quiet = await postJson(hook.url, { embeds: [embed] })
    expect(quiet.status).toBe(204)
    expect(quiet.headers.get('x-ratelimit-limit')).toBe('5')

    const waited = await postJson(`${hook.url}?wait=true`, { content: 'New article', embeds: [embed] })
    expect(waited.status).toBe(200)
    const message = (await waited.json()) as Record<string, unknown>
    expect(message).toMatchObject({ content: 'New article', webhook_id: hook.id, type: 0 })
    expect(message.embeds).toEqual([{ type: 'rich', ...embed }])
    expect(typeof message.id).toBe('string')
    expect(typeof message.channel_id).toBe('string')
    expect(message.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/)

    expect(discord.messages.map((m) => [m.webhookId, m.body.content])).toEqual([
      [hook.id, undefined],
      [hook.id, 'New article'],
    ])
    expect(discord.requests[1]).toMatchObject({ method: 'POST', query: { wait: 'true' }, status: 200 })
    expect(discord.requests[1]!.headers['content-type']).toBe('application/json')
  })

  it('reads a multipart body from its payload_json, as Discord does with files', async () => {
    const form = new FormData()
    form.set('payload_json', JSON.stringify({ content: 'With a file' }))
    form.set('files[0]', new Blob(['png']), 'grid.png')
    expect((await fetch(hook.url, { method: 'POST', body: form })).status).toBe(204)
    expect(discord.messages[0]!.body).toEqual({ content: 'With a file' })
  })

  it('takes every limit at its maximum, leading and trailing whitespace not counted', async () => {
    const response = await postJson(hook.url, {
      content: 'c'.repeat(2000),
      embeds: [{ title: ` ${'t'.repeat(256)}  `, description: 'd'.repeat(4096), footer: { text: 'f'.repeat(1000) } }],
    })
    expect(response.status).toBe(204)
  })

  const long = (n: number) => 'x'.repeat(n)
  const cases: [string, Record<string, unknown>, (string | number)[], string][] = [
    ['content over 2000', { content: long(2001) }, ['content'], 'BASE_TYPE_MAX_LENGTH'],
    [
      'more than 10 embeds',
      { embeds: Array.from({ length: 11 }, () => ({ title: 'a' })) },
      ['embeds'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    ['a title over 256', { embeds: [{ title: long(257) }] }, ['embeds', 0, 'title'], 'BASE_TYPE_MAX_LENGTH'],
    [
      'a description over 4096',
      { embeds: [{ description: long(4097) }] },
      ['embeds', 0, 'description'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'more than 25 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      ['embeds', 0, 'fields'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a field name over 256',
      { embeds: [{ fields: [{ name: long(257), value: 'v' }] }] },
      ['embeds', 0, 'fields', 0, 'name'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a field value over 1024',
      { embeds: [{ fields: [{ name: 'n', value: long(1025) }] }] },
      ['embeds', 0, 'fields', 0, 'value'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a field without a value',
      { embeds: [{ fields: [{ name: 'n', value: '' }] }] },
      ['embeds', 0, 'fields', 0, 'value'],
      'BASE_TYPE_REQUIRED',
    ],
    [
      'a footer over 2048',
      { embeds: [{ footer: { text: long(2049) } }] },
      ['embeds', 0, 'footer', 'text'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'an author name over 256',
      { embeds: [{ author: { name: long(257) } }] },
      ['embeds', 0, 'author', 'name'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'embeds over 6000 in all',
      { embeds: [{ description: long(4000) }, { description: long(2001) }] },
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
    ],
    [
      'a colour above 0xFFFFFF',
      { embeds: [{ title: 'a', color: 0x1000000 }] },
      ['embeds', 0, 'color'],
      'NUMBER_TYPE_MAX',
    ],
    ['a negative colour', { embeds: [{ title: 'a', color: -1 }] }, ['embeds', 0, 'color'], 'NUMBER_TYPE_MIN'],
    [
      'an ftp embed url',
      { embeds: [{ title: 'a', url: 'ftp://example.com/x' }] },
      ['embeds', 0, 'url'],
      'URL_TYPE_INVALID_SCHEME',
    ],
    [
      'a javascript: image url',
      { embeds: [{ title: 'a', image: { url: 'javascript:alert(1)' } }] },
      ['embeds', 0, 'image', 'url'],
      'URL_TYPE_INVALID_SCHEME',
    ],
    [
      'an embed url that is no URL',
      { embeds: [{ title: 'a', url: 'news/suzuka' }] },
      ['embeds', 0, 'url'],
      'URL_TYPE_INVALID_URL',
    ],
  ]

  it.each(cases)('refuses %s with 50035 Invalid Form Body, naming the field', async (_name, body, path, code) => {
    const response = await postJson(hook.url, body)
    expect(response.status).toBe(400)
    const refusal = (await response.json()) as { code: number; message: string; errors: Record<string, unknown> }
    expect(refusal).toMatchObject({ code: 50035, message: 'Invalid Form Body' })
    const node = path.reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, refusal.errors)
    expect(node._errors).toEqual([expect.objectContaining({ code })])
    expect(discord.messages).toEqual([])
  })

  it('refuses an empty message (50006) and a body that is not JSON (50109)', async () => {
    const empty = await postJson(hook.url, { content: '   ', embeds: [] })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ code: 50006, message: 'Cannot send an empty message' })
    const broken = await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(await broken.json()).toEqual({ code: 50109, message: 'The request body contains invalid JSON.' })
  })

  it('answers a queued 429 with the documented body and headers, then takes the retry', async () => {
    discord.queueFor(hook.id, { kind: 'rate-limited', retryAfterSeconds: 1.5 })
    const limited = await postJson(hook.url, { content: 'hello' })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 1.5, global: false })
    expect(limited.headers.get('retry-after')).toBe('2')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('1.500')
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user')
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)

    expect((await postJson(hook.url, { content: 'hello' })).status).toBe(204)
    expect(discord.messages).toHaveLength(1)
    expect(discord.requests.map((r) => r.status)).toEqual([429, 204])
  })

  it('marks a global rate limit as the documentation shows', async () => {
    discord.queue({ kind: 'rate-limited', retryAfterSeconds: 0.2, global: true })
    const limited = await postJson(hook.url, { content: 'hello' })
    expect(await limited.json()).toMatchObject({ global: true })
    expect(limited.headers.get('x-ratelimit-global')).toBe('true')
    expect(limited.headers.get('x-ratelimit-scope')).toBe('global')
  })

  it('answers an unknown webhook 404 10015, a wrong token 401 50027, a deleted one 404 from then on', async () => {
    const unknown = await postJson(`${discord.origin}/api/webhooks/123/abc`, { content: 'x' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Unknown Webhook', code: 10015 })
    const wrongToken = await postJson(`${discord.origin}/api/v10/webhooks/${hook.id}/nope`, { content: 'x' })
    expect(wrongToken.status).toBe(401)
    expect(await wrongToken.json()).toEqual({ message: 'Invalid Webhook Token', code: 50027 })

    discord.queue({ kind: 'delete-webhook' })
    expect((await postJson(hook.url, { content: 'x' })).status).toBe(404)
    expect((await fetch(hook.url)).status).toBe(404)
  })

  it('answers a queued 401 as JSON and a 500 as plain text; a hang never answers', async () => {
    discord.queue({ kind: 'status', status: 401 }, { kind: 'status', status: 502 }, { kind: 'hang' })
    const unauthorized = await postJson(hook.url, { content: 'x' })
    expect(await unauthorized.json()).toEqual({ message: '401: Unauthorized', code: 0 })
    const bad = await postJson(hook.url, { content: 'x' })
    expect(bad.status).toBe(502)
    expect(await bad.text()).toBe('502: Bad Gateway')
    await expect(fetch(hook.url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(150) })).rejects.toThrow()
    expect(discord.requests.at(-1)!.status).toBeNull()
  })

  it('offers the same controls over HTTP under /__fake/', async () => {
    const made = (await (await postJson(`${discord.origin}/__fake/webhooks`, {})).json()) as FakeWebhook
    await postJson(`${discord.origin}/__fake/queue`, {
      webhookId: made.id,
      behaviors: [{ kind: 'status', status: 500 }],
    })
    expect((await postJson(made.url, { content: 'one' })).status).toBe(500)
    expect((await postJson(made.url, { content: 'two' })).status).toBe(204)
    const messages = (await (await fetch(`${discord.origin}/__fake/messages`)).json()) as {
      body: { content: string }
    }[]
    expect(messages.map((m) => m.body.content)).toEqual(['two'])
    await postJson(`${discord.origin}/__fake/reset`, {})
    expect(await (await fetch(`${discord.origin}/__fake/requests`)).json()).toEqual([])
  })
})

describe('fake Mastodon', () => {
  let mastodon: FakeMastodon
  let clock = new Date('2026-05-01T12:00:00Z')
  let token: string
  beforeAll(async () => {
    mastodon = await startFakeMastodon({ now: () => clock })
  })
  afterAll(() => mastodon.close())
  beforeEach(() => {
    mastodon.reset()
    clock = new Date('2026-05-01T12:00:00Z')
    token = mastodon.createAccount({ username: 'simracinghub' }).token
  })

  const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${mastodon.origin}/api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: new URLSearchParams(body),
    })

  it('verifies credentials, and answers 401 for a token it does not know', async () => {
    const ok = await fetch(`${mastodon.origin}/api/v1/accounts/verify_credentials`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({
      username: 'simracinghub',
      acct: 'simracinghub',
      url: `${mastodon.origin}/@simracinghub`,
    })
    const bad = await fetch(`${mastodon.origin}/api/v1/accounts/verify_credentials`, {
      headers: { authorization: 'Bearer nope' },
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ error: 'The access token is invalid' })
  })

  it('describes the instance with its status limits', async () => {
    mastodon.setMaxCharacters(1000)
    const instance = (await (await fetch(`${mastodon.origin}/api/v2/instance`)).json()) as {
      configuration: { statuses: Record<string, number> }
    }
    expect(instance.configuration.statuses).toMatchObject({ max_characters: 1000, characters_reserved_per_url: 23 })
  })

  it('posts a status from form data or JSON and answers the Status entity', async () => {
    const response = await post({
      status: 'Race report: https://simracing.example/r/1\n\nGG',
      visibility: 'unlisted',
      language: 'en',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-limit')).toBe('300')
    const status = (await response.json()) as Record<string, unknown>
    expect(status).toMatchObject({
      visibility: 'unlisted',
      language: 'en',
      card: null,
      account: { username: 'simracinghub' },
    })
    expect(status.content).toMatch(
      /^<p>Race report: <a href="https:\/\/simracing\.example\/r\/1"[^>]*>.*<\/a><\/p><p>GG<\/p>$/,
    )
    expect(status.url).toBe(`${mastodon.origin}/@simracinghub/${String(status.id)}`)

    const json = await fetch(`${mastodon.origin}/api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'From JSON', media_ids: ['7'] }),
    })
    expect(await json.json()).toMatchObject({ visibility: 'public', media_attachments: [{ id: '7' }] })
    expect(mastodon.statuses.map((s) => s.params.status)).toEqual([
      'Race report: https://simracing.example/r/1\n\nGG',
      'From JSON',
    ])
  })

  it('counts every URL as 23 characters against the 500 limit, and a remote mention by its username', async () => {
    const url = `https://simracing.example/${'a'.repeat(100)}`
    const text = `${'x'.repeat(476)} ${url}` // 476 + 1 + 23 = 500
    expect(countableLength(text)).toBe(500)
    expect(countableLength('@someone@mastodon.social hi')).toBe('@someone hi'.length)
    expect((await post({ status: text })).status).toBe(200)

    const over = await post({ status: `${text}!` })
    expect(over.status).toBe(422)
    expect(await over.json()).toEqual({ error: 'Validation failed: Text character limit of 500 exceeded' })
    const blank = await post({ status: '  ' })
    expect(await blank.json()).toEqual({ error: "Validation failed: Text can't be blank" })
  })

  it('answers the first status again for the same Idempotency-Key within an hour', async () => {
    const first = (await (await post({ status: 'Once' }, { 'idempotency-key': 'k1' })).json()) as { id: string }
    const again = (await (await post({ status: 'Once' }, { 'idempotency-key': 'k1' })).json()) as { id: string }
    expect(again.id).toBe(first.id)
    expect(mastodon.statuses).toHaveLength(1)

    clock = new Date(clock.getTime() + 3_600_001)
    const later = (await (await post({ status: 'Once' }, { 'idempotency-key': 'k1' })).json()) as { id: string }
    expect(later.id).not.toBe(first.id)
    expect(mastodon.statuses).toHaveLength(2)
  })

  it('answers a queued 429 as Mastodon does, then a revoked token 401 for good', async () => {
    mastodon.queue({ kind: 'rate-limited', resetInSeconds: 60 }, { kind: 'revoke-token' })
    const limited = await post({ status: 'Hi' })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: 'Too many requests' })
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('x-ratelimit-reset')).toBe('2026-05-01T12:01:00.000000Z')
    expect(mastodon.requests[0]).toMatchObject({ body: { status: 'Hi' }, status: 429 })

    const revoked = await post({ status: 'Hi' })
    expect(revoked.status).toBe(401)
    expect(await revoked.json()).toEqual({ error: 'The access token was revoked' })
    expect((await post({ status: 'Hi' })).status).toBe(401)
    expect(mastodon.statuses).toEqual([])
  })
})

describe('fake IndexNow', () => {
  const key = 'a1b2c3d4e5f6a7b8'
  let indexNow: FakeIndexNow
  let site: Server
  let siteOrigin: string
  let keyFile = key
  beforeAll(async () => {
    // The site under test, reduced to its key file at the root.
    site = createServer((req, res) => {
      if (req.url !== `/${key}.txt`) return res.writeHead(404).end('not found')
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`${keyFile}\n`)
    })
    siteOrigin = `http://127.0.0.1:${await listenLocal(site)}`
    indexNow = await startFakeIndexNow({ siteOrigin })
  })
  afterAll(async () => {
    await indexNow.close()
    site.closeAllConnections()
    await new Promise((resolve) => site.close(resolve))
  })
  beforeEach(() => {
    indexNow.reset()
    keyFile = key
  })

  const submit = (body: Record<string, unknown>) =>
    fetch(indexNow.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    })
  const pages = ['https://www.example.org/news/1', 'https://www.example.org/news/2']

  it('accepts URLs once the key file on the site holds the key, and remembers the key', async () => {
    expect((await submit({ host: 'www.example.org', key, urlList: pages })).status).toBe(200)
    expect(indexNow.keyChecks).toEqual([`${siteOrigin}/${key}.txt`])
    expect(indexNow.submissions).toEqual([
      expect.objectContaining({ host: 'www.example.org', key, urls: pages, via: 'post' }),
    ])

    const single = await fetch(`${indexNow.url}?url=${encodeURIComponent(pages[0]!)}&key=${key}`)
    expect(single.status).toBe(200)
    expect(indexNow.keyChecks).toHaveLength(1)
    expect(indexNow.requests[0]!.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('answers 403 when the key file holds another key, or is not there', async () => {
    keyFile = 'somethingelse123'
    expect((await submit({ host: 'www.example.org', key, urlList: pages })).status).toBe(403)
    const missing = await submit({
      host: 'www.example.org',
      key,
      keyLocation: 'https://www.example.org/keys/other.txt',
      urlList: ['https://www.example.org/keys/page'],
    })
    expect(missing.status).toBe(403)
    expect(indexNow.submissions).toEqual([])
  })

  it('answers 422 for a URL of another host, a URL outside the key file folder, or a key off the schema', async () => {
    const foreign = await submit({ host: 'www.example.org', key, urlList: [...pages, 'https://elsewhere.example/x'] })
    expect(foreign.status).toBe(422)
    const outside = await submit({
      host: 'www.example.org',
      key,
      keyLocation: `https://www.example.org/news/${key}.txt`,
      urlList: ['https://www.example.org/shop/1'],
    })
    expect(outside.status).toBe(422)
    expect((await submit({ host: 'www.example.org', key: 'short', urlList: pages })).status).toBe(422)
    expect((await submit({ host: 'www.example.org', key: 'has_underscore', urlList: pages })).status).toBe(422)
    expect(indexNow.keyChecks).toEqual([])
  })

  it('answers 400 for a malformed request and for more than 10,000 URLs', async () => {
    expect((await submit({ host: 'www.example.org', key })).status).toBe(400)
    const tooMany = Array.from({ length: 10_001 }, (_, i) => `https://www.example.org/p/${i}`)
    expect((await submit({ host: 'www.example.org', key, urlList: tooMany })).status).toBe(400)
    expect((await submit({ host: 'www.example.org', key, urlList: tooMany.slice(1) })).status).toBe(200)
    const notJson = await fetch(indexNow.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })
    expect(notJson.status).toBe(400)
  })

  it('answers queued statuses, and 202 when it does not check keys', async () => {
    indexNow.queue({ kind: 'status', status: 429 })
    expect((await submit({ host: 'www.example.org', key, urlList: pages })).status).toBe(429)
    const lenient = await startFakeIndexNow({ verifyKey: false })
    try {
      const response = await fetch(lenient.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ host: 'www.example.org', key, urlList: pages }),
      })
      expect(response.status).toBe(202)
      expect(lenient.keyChecks).toEqual([])
    } finally {
      await lenient.close()
    }
  })
})
