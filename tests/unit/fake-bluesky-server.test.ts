import { crc32, deflateSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeBluesky, type FakeBluesky } from '../../fakes/bluesky-server.ts'

// The fake driven over real HTTP as a client following docs.bsky.app's "Posts" guide would.
const START = Date.UTC(2026, 4, 24, 12)
let clock = START
let fake: FakeBluesky

beforeAll(async () => {
  fake = await startFakeBluesky({ now: () => clock })
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  clock = START
})

interface Answer {
  status: number
  headers: Headers
  // The answers' shapes differ per method; the tests read the fields that matter.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
}

async function xrpc(
  method: string,
  init: { token?: string; json?: unknown; bytes?: Uint8Array; type?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  if (init.type) headers['Content-Type'] = init.type
  const res = await fetch(`${fake.serviceUrl}/xrpc/${method}`, {
    method: 'POST',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.bytes && new Uint8Array(init.bytes),
    signal: init.signal,
  })
  return { status: res.status, headers: res.headers, body: await res.json() }
}

const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${fake.origin}/__fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json()
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length

/** A small valid PNG (8-bit RGB, one colour). */
function png(width = 2, height = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(data.length + 12)
    out.writeUInt32BE(data.length, 0)
    typed.copy(out, 4)
    out.writeUInt32BE(crc32(typed), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc8)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function login(handle = 'simracing.example.com') {
  const account = fake.createAccount({ handle })
  const session = await xrpc('com.atproto.server.createSession', {
    json: { identifier: handle, password: account.appPassword },
  })
  expect(session.status).toBe(200)
  return { ...account, accessJwt: session.body.accessJwt as string, refreshJwt: session.body.refreshJwt as string }
}

async function upload(token: string, bytes: Uint8Array = png(), type = 'image/png') {
  const answer = await xrpc('com.atproto.repo.uploadBlob', { token, bytes, type })
  expect(answer.status).toBe(200)
  return answer.body.blob as { $type: 'blob'; ref: { $link: string }; mimeType: string; size: number }
}

const LINK = 'https://simracing.example/news/monaco-gp-results'
// "è" takes 2 UTF-8 bytes and the flag 4 (2 UTF-16 units): byte and UTF-16 offsets differ by 3.
const TEXT = `Crème de la crème 🏁 Monaco results: ${LINK}`

/** A post as the docs build one: a link facet at UTF-8 byte offsets and a website card. */
function announcement(thumb?: object): Record<string, unknown> {
  const byteStart = utf8Length(TEXT.slice(0, TEXT.indexOf(LINK)))
  return {
    $type: 'app.bsky.feed.post',
    text: TEXT,
    createdAt: new Date(clock).toISOString(),
    langs: ['en'],
    facets: [
      {
        index: { byteStart, byteEnd: byteStart + utf8Length(LINK) },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: LINK }],
      },
    ],
    embed: {
      $type: 'app.bsky.embed.external',
      external: {
        uri: LINK,
        title: 'Monaco GP: the results',
        description: 'Who won in the principality, and the standings after round 8.',
        ...(thumb ? { thumb } : {}),
      },
    },
  }
}

const createPost = (token: string, repo: string, record: unknown, extra: object = {}) =>
  xrpc('com.atproto.repo.createRecord', {
    token,
    json: { repo, collection: 'app.bsky.feed.post', record, ...extra },
  })

describe('posting an announcement', () => {
  it('takes a session, a thumbnail and a post with a link facet and a card, and keeps the post', async () => {
    const me = await login()
    expect(me.appPassword).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/)
    expect(me.did).toMatch(/^did:plc:[a-z2-7]{24}$/)

    const thumb = await upload(me.accessJwt)
    expect(thumb).toEqual({
      $type: 'blob',
      ref: { $link: expect.stringMatching(/^bafkrei[a-z2-7]+$/) },
      mimeType: 'image/png',
      size: png().length,
    })

    const record = announcement(thumb)
    expect(TEXT.indexOf(LINK)).not.toBe((record.facets as { index: { byteStart: number } }[])[0]!.index.byteStart)
    const created = await createPost(me.accessJwt, me.did, record)
    expect(created.status).toBe(200)
    expect(created.body.uri).toMatch(new RegExp(`^at://${me.did}/app\\.bsky\\.feed\\.post/[2-7a-j][2-7a-z]{12}$`))
    expect(created.body.cid).toMatch(/^bafyrei[a-z2-7]+$/)
    expect(created.body.validationStatus).toBe('valid')

    expect(fake.posts).toHaveLength(1)
    const post = fake.posts[0]!
    expect(post).toMatchObject({ did: me.did, uri: created.body.uri, cid: created.body.cid, record })
    expect(fake.linkFacets(post)).toEqual([expect.objectContaining({ uri: LINK, text: LINK })])
    expect(fake.blobs).toEqual([expect.objectContaining({ did: me.did, cid: thumb.ref.$link, mimeType: 'image/png' })])
  })

  it('logs in by DID or by handle in any case, and takes the repo by handle', async () => {
    const me = fake.createAccount({ handle: 'Team.Example.com', appPassword: 'abcd-efgh-ijkl-mnop' })
    const byDid = await xrpc('com.atproto.server.createSession', {
      json: { identifier: me.did, password: me.appPassword },
    })
    expect(byDid.body).toMatchObject({ handle: 'team.example.com', did: me.did, active: true })
    expect(byDid.body.didDoc.service[0].serviceEndpoint).toBe(fake.serviceUrl)
    const created = await createPost(byDid.body.accessJwt, 'team.example.com', announcement())
    expect(created.status).toBe(200)
  })

  it('records each call: method, NSID, headers in lower case, a summary of the body', async () => {
    const me = await login()
    await upload(me.accessJwt)
    expect(fake.requests.map((r) => [r.order, r.method, r.xrpc])).toEqual([
      [1, 'POST', 'com.atproto.server.createSession'],
      [2, 'POST', 'com.atproto.repo.uploadBlob'],
    ])
    expect(fake.requests[0]!.body).toEqual({ kind: 'json', value: { identifier: me.handle, password: me.appPassword } })
    expect(fake.requests[1]!.headers.authorization).toBe(`Bearer ${me.accessJwt}`)
    expect(fake.requests[1]!.body).toEqual({ kind: 'bytes', size: png().length, contentType: 'image/png' })
  })

  it('takes 300 emoji (600 UTF-16 units) and refuses 301 letters', async () => {
    const me = await login()
    const emoji = '🏁'.repeat(300)
    const post = (text: string) => createPost(me.accessJwt, me.did, { ...announcement(), text, facets: undefined })
    expect((await post(emoji)).status).toBe(200)
    const refused = await post('a'.repeat(301))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      error: 'InvalidRequest',
      message: 'Invalid app.bsky.feed.post record: grapheme too big (maximum 300, got 301) at $.record.text',
    })
    expect(fake.posts).toHaveLength(1)
  })

  it('skips the lexicon when validate is false, as the PDS does', async () => {
    const me = await login()
    const created = await createPost(
      me.accessJwt,
      me.did,
      { text: 'a'.repeat(301), createdAt: 'later' },
      { validate: false },
    )
    expect(created.status).toBe(200)
    expect(created.body.validationStatus).toBeUndefined()
  })
})

describe('refusing a post', () => {
  const family = '👨‍👩‍👧‍👦' // one grapheme, 25 UTF-8 bytes
  const byteOf = (s: string) => utf8Length(TEXT.slice(0, TEXT.indexOf(s)))
  const facet = (byteStart: number, byteEnd: number, uri = LINK) => ({
    index: { byteStart, byteEnd },
    features: [{ $type: 'app.bsky.richtext.facet#link', uri }],
  })

  it.each<[string, (r: Record<string, unknown>) => Record<string, unknown>, RegExp]>([
    [
      'another $type',
      (r) => ({ ...r, $type: 'app.bsky.feed.like' }),
      /^Invalid \$type: expected app\.bsky\.feed\.post, got app\.bsky\.feed\.like$/,
    ],
    ['no createdAt', (r) => ({ ...r, createdAt: undefined }), /Missing required key "createdAt" at \$\.record$/],
    [
      'a createdAt that is not a datetime',
      (r) => ({ ...r, createdAt: 'yesterday' }),
      /Invalid datetime .* at \$\.record\.createdAt$/,
    ],
    ['a createdAt without a timezone', (r) => ({ ...r, createdAt: '2026-05-24T12:00:00' }), /Invalid datetime/],
    ['no text', (r) => ({ ...r, text: undefined, facets: undefined }), /Missing required key "text"/],
    [
      'text over 3000 UTF-8 bytes in 121 graphemes',
      (r) => ({ ...r, text: family.repeat(121), facets: undefined }),
      /string too big \(maximum 3000, got 3025\) at \$\.record\.text$/,
    ],
    [
      'a facet past the end of the text',
      (r) => ({ ...r, facets: [facet(byteOf(LINK), utf8Length(TEXT) + 1)] }),
      /outside the text's \d+ UTF-8 bytes at \$\.record\.facets\[0\]\.index$/,
    ],
    [
      'a facet starting inside the flag emoji',
      (r) => ({ ...r, facets: [facet(byteOf('🏁') + 1, byteOf(LINK))] }),
      /byte \d+ is inside a UTF-8 character/,
    ],
    ['an empty facet', (r) => ({ ...r, facets: [facet(5, 5)] }), /facet range 5\.\.5 is empty/],
    ['a negative offset', (r) => ({ ...r, facets: [facet(-1, 5)] }), /integer too small \(minimum 0, got -1\)/],
    [
      'overlapping facets',
      (r) => ({ ...r, facets: [facet(byteOf(LINK), utf8Length(TEXT)), facet(byteOf('Monaco'), byteOf(LINK) + 4)] }),
      /facets can not overlap/,
    ],
    [
      'a link facet whose uri is not a URI',
      (r) => ({ ...r, facets: [facet(byteOf(LINK), utf8Length(TEXT), 'monaco results')] }),
      /Invalid uri \(got "monaco results"\) at \$\.record\.facets\[0\]\.features\[0\]\.uri$/,
    ],
    [
      'a card without a title',
      (r) => ({ ...r, embed: { $type: 'app.bsky.embed.external', external: { uri: LINK, description: '' } } }),
      /Missing required key "title" at \$\.record\.embed\.external$/,
    ],
    [
      'a card whose uri is not a URI',
      (r) => ({
        ...r,
        embed: { $type: 'app.bsky.embed.external', external: { uri: 'nope', title: 't', description: 'd' } },
      }),
      /Invalid uri .* at \$\.record\.embed\.external\.uri$/,
    ],
    [
      'a card thumb over 1,000,000 bytes',
      (r) => ({
        ...r,
        embed: {
          $type: 'app.bsky.embed.external',
          external: {
            uri: LINK,
            title: 't',
            description: 'd',
            thumb: { $type: 'blob', ref: { $link: 'bafkreifake' }, mimeType: 'image/png', size: 1_000_001 },
          },
        },
      }),
      /blob too big \(maximum 1000000, got 1000001\) at \$\.record\.embed\.external\.thumb$/,
    ],
  ])('refuses %s with 400 InvalidRequest and keeps nothing', async (_name, change, message) => {
    const me = await login()
    const answer = await createPost(me.accessJwt, me.did, change(announcement()))
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('InvalidRequest')
    expect(answer.body.message).toMatch(message)
    expect(fake.posts).toEqual([])
  })

  it('refuses a thumb another account uploaded (BlobNotFound)', async () => {
    const other = await login('other.example.com')
    const theirs = await upload(other.accessJwt)
    const me = await login()
    const answer = await createPost(me.accessJwt, me.did, announcement(theirs))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: 'BlobNotFound', message: `Could not find blob: ${theirs.ref.$link}` })
  })

  it('refuses a thumb that is not an image, and one whose mimeType differs from the upload', async () => {
    const me = await login()
    const text = await upload(me.accessJwt, Buffer.from('not an image'), 'text/plain')
    expect(text.mimeType).toBe('text/plain')
    const notImage = await createPost(me.accessJwt, me.did, announcement(text))
    expect(notImage.status).toBe(400)
    expect(notImage.body.message).toMatch(
      /Expected "image\/\*" \(got "text\/plain"\) at \$\.record\.embed\.external\.thumb\.mimeType$/,
    )

    const image = await upload(me.accessJwt, png(), 'image/jpeg') // sniffed as what it is
    expect(image.mimeType).toBe('image/png')
    const mismatch = await createPost(me.accessJwt, me.did, announcement({ ...image, mimeType: 'image/jpeg' }))
    expect(mismatch.body.error).toBe('InvalidMimeType')
    expect(fake.posts).toEqual([])
  })

  it('refuses a repo that is not the session’s: 401 for another account, 403 for none', async () => {
    fake.createAccount({ handle: 'other.example.com' })
    const me = await login()
    const other = await createPost(me.accessJwt, 'other.example.com', announcement())
    expect([other.status, other.body]).toEqual([
      401,
      { error: 'AuthenticationRequired', message: 'Authentication Required' },
    ])
    const none = await createPost(me.accessJwt, 'did:plc:nobody', announcement())
    expect([none.status, none.body]).toEqual([403, { error: 'AccountNotFound', message: 'Account not found' }])
  })

  it('refuses a record key that is not a TID', async () => {
    const me = await login()
    const answer = await createPost(me.accessJwt, me.did, announcement(), { rkey: 'my-post' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/Invalid record key/)
  })
})

describe('blobs', () => {
  it('takes 1,000,000 bytes and refuses one more with 413 PayloadTooLarge', async () => {
    const me = await login()
    const big = Buffer.alloc(1_000_001, 1)
    const refused = await xrpc('com.atproto.repo.uploadBlob', { token: me.accessJwt, bytes: big, type: 'image/png' })
    expect([refused.status, refused.body]).toEqual([
      413,
      { error: 'PayloadTooLarge', message: 'request entity too large' },
    ])
    expect(fake.blobs).toEqual([])
    await upload(me.accessJwt, big.subarray(0, 1_000_000))
    expect(fake.blobs[0]!.size).toBe(1_000_000)
  })

  it('answers 401 AuthMissing without a token and 400 InvalidToken with one it did not issue', async () => {
    const none = await xrpc('com.atproto.repo.uploadBlob', { bytes: png(), type: 'image/png' })
    expect([none.status, none.body]).toEqual([401, { error: 'AuthMissing', message: 'Authentication Required' }])
    const forged = await xrpc('com.atproto.repo.uploadBlob', { token: 'a.b.c', bytes: png(), type: 'image/png' })
    expect([forged.status, forged.body]).toEqual([
      400,
      { error: 'InvalidToken', message: 'Token could not be verified' },
    ])
  })
})

describe('rate limits and failures', () => {
  it('answers 429 with the RateLimit headers, then takes the retry', async () => {
    const me = fake.createAccount({ handle: 'simracing.example.com' })
    fake.queue({ kind: 'rate-limited', resetInSeconds: 120, method: 'com.atproto.server.createSession' })
    const json = { identifier: me.handle, password: me.appPassword }
    const limited = await xrpc('com.atproto.server.createSession', { json })
    expect([limited.status, limited.body]).toEqual([
      429,
      { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
    ])
    expect(limited.headers.get('ratelimit-limit')).toBe('30')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('ratelimit-reset')).toBe(String(START / 1000 + 120))
    expect(limited.headers.get('ratelimit-policy')).toBe('30;w=300')
    expect((await xrpc('com.atproto.server.createSession', { json })).status).toBe(200)
  })

  it('answers a queued status as an XRPC error, and a hang with nothing', async () => {
    const me = await login()
    fake.queue({ kind: 'status', status: 502 }, { kind: 'hang' })
    const failed = await xrpc('com.atproto.repo.uploadBlob', { token: me.accessJwt, bytes: png(), type: 'image/png' })
    expect([failed.status, failed.body]).toEqual([502, { error: 'UpstreamFailure', message: 'Upstream Failure' }])
    const hung = xrpc('com.atproto.repo.uploadBlob', {
      token: me.accessJwt,
      bytes: png(),
      type: 'image/png',
      signal: AbortSignal.timeout(150),
    })
    await expect(hung).rejects.toThrow(/abort|timeout/i)
    await upload(me.accessJwt)
  })
})

describe('sessions', () => {
  it('refuses a wrong password with 401 AuthenticationRequired', async () => {
    const me = fake.createAccount({ handle: 'simracing.example.com' })
    const answer = await xrpc('com.atproto.server.createSession', {
      json: { identifier: me.handle, password: 'aaaa-bbbb-cccc-dddd' },
    })
    expect([answer.status, answer.body]).toEqual([
      401,
      { error: 'AuthenticationRequired', message: 'Invalid identifier or password' },
    ])
  })

  it('expires an access token after its number of uses; refreshSession gives new tokens', async () => {
    fake.setAccessTokenLifetime({ requests: 1 })
    const me = await login()
    await upload(me.accessJwt)
    const expired = await xrpc('com.atproto.repo.uploadBlob', { token: me.accessJwt, bytes: png(), type: 'image/png' })
    expect([expired.status, expired.body]).toEqual([400, { error: 'ExpiredToken', message: 'Token has expired' }])

    const withAccess = await xrpc('com.atproto.server.refreshSession', { token: me.accessJwt })
    expect(withAccess.body.error).toBe('ExpiredToken')
    const refreshed = await xrpc('com.atproto.server.refreshSession', { token: me.refreshJwt })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({ did: me.did, handle: me.handle, active: true })
    expect(refreshed.body.accessJwt).not.toBe(me.accessJwt)
    expect(refreshed.body.refreshJwt).not.toBe(me.refreshJwt)
    const created = await createPost(refreshed.body.accessJwt, me.did, announcement())
    expect(created.status).toBe(200)
  })

  it('expires an access token after its time; a used refresh token lasts a 2-hour grace', async () => {
    const me = await login()
    const scope = await xrpc('com.atproto.server.refreshSession', { token: me.accessJwt })
    expect([scope.status, scope.body]).toEqual([400, { error: 'InvalidToken', message: 'Bad token scope' }])
    clock += 2 * 3_600_000
    expect(
      (await xrpc('com.atproto.repo.uploadBlob', { token: me.accessJwt, bytes: png(), type: 'image/png' })).body.error,
    ).toBe('ExpiredToken')
    expect((await xrpc('com.atproto.server.refreshSession', { token: me.refreshJwt })).status).toBe(200)
    clock += 3_600_000
    expect((await xrpc('com.atproto.server.refreshSession', { token: me.refreshJwt })).status).toBe(200)
    clock += 3_600_000
    const late = await xrpc('com.atproto.server.refreshSession', { token: me.refreshJwt })
    expect([late.status, late.body]).toEqual([400, { error: 'ExpiredToken', message: 'Token has been revoked' }])
  })

  it('stops a revoked app password: createSession 401, its refresh token revoked', async () => {
    const me = await login()
    fake.queue({ kind: 'revoke-password' })
    const again = await xrpc('com.atproto.server.createSession', {
      json: { identifier: me.handle, password: me.appPassword },
    })
    expect([again.status, again.body.error]).toEqual([401, 'AuthenticationRequired'])
    const refresh = await xrpc('com.atproto.server.refreshSession', { token: me.refreshJwt })
    expect([refresh.status, refresh.body.message]).toEqual([400, 'Token has been revoked'])
  })
})

describe('the /__fake/ controls', () => {
  it('make an account, queue, expire tokens and read posts, blobs and requests over HTTP', async () => {
    const me = (await control('accounts', { handle: 'e2e.example.com' })) as { handle: string; appPassword: string }
    await control('queue', { behaviors: [{ kind: 'status', status: 503 }] })
    const json = { identifier: me.handle, password: me.appPassword }
    expect((await xrpc('com.atproto.server.createSession', { json })).status).toBe(503)
    const session = await xrpc('com.atproto.server.createSession', { json })
    const thumb = await upload(session.body.accessJwt)
    expect((await createPost(session.body.accessJwt, me.handle, announcement(thumb))).status).toBe(200)

    const [post] = (await control('posts')) as { links: { uri: string; text: string }[] }[]
    expect(post!.links).toEqual([expect.objectContaining({ uri: LINK, text: LINK })])
    expect(await control('blobs')).toEqual([
      { did: session.body.did, cid: thumb.ref.$link, mimeType: 'image/png', size: thumb.size },
    ])
    expect(((await control('requests')) as unknown[]).length).toBe(4)

    await control('expire-tokens', {})
    expect((await createPost(session.body.accessJwt, me.handle, announcement())).body.error).toBe('ExpiredToken')
    await control('token-lifetime', { requests: 0 })
    const spent = await xrpc('com.atproto.server.createSession', { json })
    expect((await createPost(spent.body.accessJwt, me.handle, announcement())).body.error).toBe('ExpiredToken')
    await control('revoke', { identifier: me.handle })
    expect((await xrpc('com.atproto.server.createSession', { json })).status).toBe(401)

    await control('reset', {})
    expect(await control('posts')).toEqual([])
  })
})
