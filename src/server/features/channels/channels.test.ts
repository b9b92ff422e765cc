import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBluesky, type FakeBluesky } from '../../../../fakes/bluesky-server.ts'
import { startFakeDiscord, type FakeDiscord, type FakeWebhook } from '../../../../fakes/discord-server.ts'
import { startFakeIndexNow, type FakeIndexNow } from '../../../../fakes/indexnow-server.ts'
import { startFakeMastodon, type FakeMastodon } from '../../../../fakes/mastodon-server.ts'
import { appWith, sendTo, type Send, type Sent } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { startBlobs } from '../../../../tests/helpers/blobs.ts'
import { resultFilesVia } from '../../../../tests/helpers/race-results.ts'
import { lmuSartheRace } from '../../../../tests/fixtures/race-sessions.ts'
import { createResultsChampionship } from '../../demo/factories.ts'
import { lmuResultFile } from '../../demo/result-files.ts'
import { BEACON_PATH } from '../../../lib/audience/beacon.ts'
import { sourceLabel } from '../../../lib/audience/figures.ts'
import { siteUrl } from '../../../env.server.ts'
import { db } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import { withExternalOverrides } from '../../external/config.ts'
import { servicesFromEnv } from '../../platform-from-env.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import { createOgApp } from '../../routes/og/og.routes.ts'
import { pageChangeTimes } from '../../cdn/page-changes.ts'
import { sendAllDue } from './send-all.ts'

/**
 * The channels and webhooks through the API as served (docs/decisions/0860), against fake Discord,
 * Bluesky, Mastodon and IndexNow servers on 127.0.0.1 built from their published references.
 */
let discord: FakeDiscord
let bluesky: FakeBluesky
let mastodon: FakeMastodon
let indexNow: FakeIndexNow
let hook: FakeWebhook
let mastodonToken: string
const BSKY_HANDLE = 'simracinghub.bsky.test'
let bskyPassword: string

let site: ReturnType<typeof appWith>
/** The cards' function (/api/og/*), as the CDN routes it on the deploy. */
const ogApp = createOgApp()
/** The outside world on 127.0.0.1; the site's own pages (a card's picture) from the app under test. */
const outboundLocal = (extra: { indexNowUrl?: string; timeoutMs?: number } = {}) =>
  withExternalOverrides(servicesFromEnv().external, {
    outbound: {
      rules: { allowLoopback: true },
      timeoutMs: extra.timeoutMs ?? 3000,
      ownPage: (path) => Promise.resolve(ogApp.request(path)),
      ...extra,
    },
  })

/** A request with Netlify's context: the work after the answer is kept, for the test to wait on. */
let background: Promise<unknown>[] = []
async function request(method: string, path: string, body?: unknown, cookie?: string): Promise<Sent> {
  const headers: Record<string, string> = {}
  if (cookie) headers.cookie = cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const context = { ip: '203.0.113.9', waitUntil: (work: Promise<unknown>) => void background.push(work) }
  const res = await site.app.request(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { context },
  )
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
}
/** Lets the work a write left after its answer finish (the messages it made due). */
async function afterAnswers() {
  while (background.length) {
    const now = background
    background = []
    await Promise.all(now)
  }
}

beforeAll(async () => {
  ;[discord, bluesky, mastodon, indexNow] = await Promise.all([
    startFakeDiscord(),
    startFakeBluesky(),
    startFakeMastodon(),
    startFakeIndexNow({ verifyKey: false }),
  ])
})
// The work a test's writes left after their answers ends within the test, not in the next one's reset.
afterEach(afterAnswers)
afterAll(async () => {
  await Promise.all([discord.close(), bluesky.close(), mastodon.close(), indexNow.close()])
})
beforeEach(async () => {
  await resetDatabase()
  discord.reset()
  bluesky.reset()
  mastodon.reset()
  indexNow.reset()
  hook = discord.createWebhook()
  mastodonToken = mastodon.createAccount({ username: 'simracinghub' }).token
  bskyPassword = bluesky.createAccount({ handle: BSKY_HANDLE }).appPassword
  background = []
  site = appWith({ external: outboundLocal() })
})

async function connectAll(cookie: string) {
  const answers = [
    await request('PUT', '/api/admin/channels/discord', { webhookUrl: hook.url }, cookie),
    await request(
      'PUT',
      '/api/admin/channels/bluesky',
      { handle: BSKY_HANDLE, appPassword: bskyPassword, serverUrl: bluesky.serviceUrl },
      cookie,
    ),
    await request(
      'PUT',
      '/api/admin/channels/mastodon',
      { serverUrl: mastodon.origin, accessToken: mastodonToken },
      cookie,
    ),
  ]
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200)
  return answers
}

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: `<p>${title}: the full story from the paddock.</p>`,
  author: 'Race Desk',
  category: 'Esports',
  ...extra,
})

/** What each network has taken so far: the article titles of its messages. */
function received() {
  return {
    discord: discord.messages.map((m) => String((m.body.embeds as { title: string }[])[0]!.title)),
    bluesky: bluesky.posts.map((p) => String((p.record.embed as { external: { title: string } }).external.title)),
    mastodon: mastodon.statuses.map((s) => s.params.status.split('\n')[0]!),
  }
}

describe('announcing articles on Discord, Bluesky and Mastodon', () => {
  it('announces an article once when it becomes public, with its title, tagged link and picture; an edit sends nothing; Share now sends it again', async () => {
    const cookie = await adminCookie()
    await connectAll(cookie)
    const overview = await request('GET', '/api/admin/channels', undefined, cookie)
    expect(overview.body.channels.map((c: { account: string; connected: boolean }) => c.connected)).toEqual([
      true,
      true,
      true,
    ])

    const created = await request('POST', '/api/news', article('Spa 24h: the full grid'), cookie)
    expect(created.status).toBe(201)
    await afterAnswers()
    const id = created.body.id as number
    // The article's address with its words (decision 0871), tagged for the Audience tab.
    const link = (network: string) =>
      `${siteUrl}/news/${id}/spa-24h-the-full-grid?utm_source=${network}&utm_medium=social`
    expect(received()).toEqual({
      discord: ['Spa 24h: the full grid'],
      bluesky: ['Spa 24h: the full grid'],
      mastodon: ['Spa 24h: the full grid'],
    })
    const embed = (discord.messages[0]!.body.embeds as Record<string, { url?: string }>[])[0]!
    expect(embed.url).toBe(link('discord'))
    expect(embed.image?.url).toBe(`${siteUrl}/api/og/news/${id}`)
    expect(discord.messages[0]!.body.allowed_mentions).toEqual({ parse: [] })
    const post = bluesky.posts[0]!
    expect((post.record.embed as { external: { uri: string } }).external.uri).toBe(link('bluesky'))
    expect(bluesky.linkFacets(post).map((f) => f.uri)).toEqual([link('bluesky')])
    // The card's picture: the article's Open Graph card, uploaded as a blob within Bluesky's limit.
    const thumb = (post.record.embed as { external: { thumb?: { size: number; mimeType: string } } }).external.thumb
    expect(thumb?.mimeType).toBe('image/png')
    expect(thumb!.size).toBeGreaterThan(1000)
    expect(thumb!.size).toBeLessThanOrEqual(1_000_000)
    expect(mastodon.statuses[0]!.params.status).toContain(link('mastodon'))

    // An edit (the title too) and a tick send nothing more.
    const edited = await request(
      'PUT',
      `/api/news/${id}`,
      { ...article('Spa 24h: the full grid, updated'), baseUpdatedAt: created.body.updatedAt },
      cookie,
    )
    expect(edited.status).toBe(200)
    await afterAnswers()
    await runSchedulerTick(site.platform)
    expect(Object.values(received()).map((m) => m.length)).toEqual([1, 1, 1])

    // Share now: once more on each, with the article as it is now.
    const shared = await request('POST', '/api/admin/channels/share', { articleId: id }, cookie)
    expect(shared.status).toBe(202)
    await afterAnswers()
    expect(received().discord).toEqual(['Spa 24h: the full grid', 'Spa 24h: the full grid, updated'])
    expect(received().bluesky).toHaveLength(2)
    expect(received().mastodon).toHaveLength(2)
    const list = (await request('GET', '/api/admin/channels', undefined, cookie)).body.channels[0].deliveries
    expect(list.map((d: { reason: string; status: string }) => [d.reason, d.status])).toEqual([
      ['share', 'sent'],
      ['announce', 'sent'],
    ])
    // Each links to its post: Discord's in the server the webhook belongs to.
    expect(list[1].postUrl).toMatch(/^https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+$/)
  })

  it('never announces a draft; a scheduled article is announced by the tick that publishes it, once', async () => {
    const cookie = await adminCookie()
    await connectAll(cookie)
    const when = new Date(Date.now() + 90 * 60_000)
    await request('POST', '/api/news', article('Draft only', { status: 'draft' }), cookie)
    const scheduled = await request(
      'POST',
      '/api/news',
      article('Le Mans preview', { publishAt: when.toISOString() }),
      cookie,
    )
    expect(scheduled.body).toMatchObject({ status: 'draft', publishAt: when.toISOString() })
    await afterAnswers()
    await runSchedulerTick(site.platform, new Date(when.getTime() - 60_000))
    expect(Object.values(received()).flat()).toEqual([])
    await runSchedulerTick(site.platform, new Date(when.getTime() + 30_000))
    await runSchedulerTick(site.platform, new Date(when.getTime() + 90_000))
    expect(received()).toEqual({
      discord: ['Le Mans preview'],
      bluesky: ['Le Mans preview'],
      mastodon: ['Le Mans preview'],
    })
  })

  it('a 429 is waited out as the network asks, then sent once; a 401 pauses the channel and tells the owner', async () => {
    const cookie = await adminCookie()
    await connectAll(cookie)
    discord.queue({ kind: 'rate-limited', retryAfterSeconds: 2 })
    mastodon.queue({ kind: 'revoke-token' })
    const created = await request('POST', '/api/news', article('Rate limits'), cookie)
    await afterAnswers()
    expect(received().discord).toEqual([])
    expect(received().bluesky).toEqual(['Rate limits'])
    const now = Date.now()
    // Before Retry-After: nothing; after it: sent, once.
    await sendAllDue(site.platform, new Date(now + 500))
    expect(received().discord).toEqual([])
    await sendAllDue(site.platform, new Date(now + 2_500))
    await sendAllDue(site.platform, new Date(now + 60_000))
    expect(received().discord).toEqual(['Rate limits'])
    expect(discord.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/webhooks'))).toHaveLength(2)

    const overview = (await request('GET', '/api/admin/channels', undefined, cookie)).body
    const mast = overview.channels.find((c: { kind: string }) => c.kind === 'mastodon')
    expect(mast.paused.reason).toMatch(/Mastodon refused the access token|401/)
    expect(received().mastodon).toEqual([])
    // Paused: later messages wait; resumed with a working token, the waiting one goes, once.
    const again = mastodon.createAccount({ username: 'simracinghub2' })
    expect(
      (
        await request(
          'PUT',
          '/api/admin/channels/mastodon',
          { serverUrl: mastodon.origin, accessToken: again.token },
          cookie,
        )
      ).status,
    ).toBe(200)
    await sendAllDue(site.platform)
    expect(received().mastodon).toEqual(['Rate limits'])
    expect(created.status).toBe(201)
  })

  it("a save answers while a channel hangs: the message goes after the answer, and the hang ends at the site's timeout", async () => {
    site = appWith({ external: outboundLocal({ timeoutMs: 1500 }) })
    const cookie = await adminCookie()
    await connectAll(cookie)
    discord.queue({ kind: 'hang' })
    const created = await request('POST', '/api/news', article('Hanging Discord'), cookie)
    expect(created.status).toBe(201)
    // Answered: and Discord is still being waited on (its request has no answer yet).
    await vi.waitFor(() => expect(discord.requests.some((r) => r.status === null)).toBe(true))
    await afterAnswers()
    const list = (await request('GET', '/api/admin/channels', undefined, cookie)).body.channels[0].deliveries
    expect(list[0]).toMatchObject({ status: 'waiting', lastError: expect.stringMatching(/did not answer|timed out/i) })
    expect(received().mastodon).toEqual(['Hanging Discord'])
  })

  it('announces an imported race with its winner and the new championship leader', async () => {
    const blobs = await startBlobs()
    site = appWith({ external: outboundLocal(), blobs: blobs.stores })
    try {
      const cookie = await adminCookie()
      await connectAll(cookie)
      const championshipId = await createResultsChampionship({ championshipName: 'LMGT3 Cup' })
      const imported = await resultFilesVia(sendTo(site.app)).importResultFileApi(
        cookie,
        lmuResultFile(lmuSartheRace),
        {
          championshipId,
          round: 1,
        },
      )
      expect(imported.status, JSON.stringify(imported.body)).toBe(201)
      // Imported without Netlify's context (no waitUntil), as a script would: the next tick sends it.
      await runSchedulerTick(site.platform)
      expect(received().discord).toEqual(['LMGT3 Cup: round 1 at Circuit de la Sarthe'])
      const text = String((discord.messages[0]!.body.embeds as { description: string }[])[0]!.description)
      expect(text).toBe('Winner: Charles Weerts. Championship leader: Charles Weerts (25 pts).')
      expect(mastodon.statuses[0]!.params.status).toContain('?utm_source=mastodon&utm_medium=social')
      expect(received().bluesky).toHaveLength(1)
    } finally {
      await blobs.close()
    }
  })

  it('a visit from the Discord link shows under Discord in the Audience figures', async () => {
    const cookie = await adminCookie()
    await connectAll(cookie)
    const created = await request('POST', '/api/news', article('From Discord'), cookie)
    await afterAnswers()
    const link = new URL(String((discord.messages[0]!.body.embeds as { url: string }[])[0]!.url))
    expect(link.pathname).toBe(`/news/${created.body.id}/from-discord`)
    const res = await site.app.request(
      BEACON_PATH,
      {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: siteUrl,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0',
        },
        // Discord sends no referrer: the link's tags are all there is.
        body: JSON.stringify({ u: link.pathname + link.search, w: 1280 }),
      },
      { context: { ip: '198.51.100.20' } },
    )
    expect(res.status).toBe(204)
    const figures = (await request('GET', '/api/admin/analytics/summary', undefined, cookie)).body
    expect(figures.sources).toEqual([{ value: 'discord', views: 1, visitors: 1 }])
    expect(sourceLabel(figures.sources[0].value)).toBe('Discord')
  })

  it('refuses a Discord address that is not a Discord webhook, and a credential the network refuses, changing nothing', async () => {
    const cookie = await adminCookie()
    const wrong = await request(
      'PUT',
      '/api/admin/channels/discord',
      { webhookUrl: 'https://example.com/hook' },
      cookie,
    )
    expect(wrong.status).toBe(400)
    const refused = await request(
      'PUT',
      '/api/admin/channels/mastodon',
      { serverUrl: mastodon.origin, accessToken: 'not-a-token' },
      cookie,
    )
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/^Mastodon did not accept the access token/)
    expect((await db().execute(sql`select count(*)::int as n from channels`))[0]).toEqual({ n: 0 })
  })
})

/** A receiver of the owner's: checks every signature as Standard Webhooks says, keeps what it took. */
async function startReceiver() {
  const taken: { id: string; type: string; subject: string; verified: boolean; headers: IncomingHttpHeaders }[] = []
  let secret = ''
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const id = String(req.headers['webhook-id'])
      const timestamp = String(req.headers['webhook-timestamp'])
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
      const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
      const signatures = String(req.headers['webhook-signature'])
        .split(' ')
        .map((s) => s.split(',')[1])
      const payload = JSON.parse(body) as { type: string; data: { subject?: string } }
      taken.push({
        id,
        type: payload.type,
        subject: String(payload.data.subject ?? ''),
        verified: signatures.includes(expected) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300,
        headers: req.headers,
      })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/site`,
    taken,
    useSecret: (s: string) => void (secret = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('outbound webhooks', () => {
  it('signs every delivery, in order per article, and a redelivery keeps its id', async () => {
    const receiver = await startReceiver()
    try {
      const cookie = await adminCookie()
      const added = await request(
        'POST',
        '/api/admin/channels/webhooks',
        { url: receiver.url, events: ['article.published', 'article.updated', 'article.deleted'] },
        cookie,
      )
      expect(added.status, JSON.stringify(added.body)).toBe(201)
      expect(added.body.secret).toMatch(/^whsec_/)
      expect(JSON.stringify(added.body.webhook)).not.toContain('/hooks/site')
      receiver.useSecret(added.body.secret)

      const a = await request('POST', '/api/news', article('Webhook one'), cookie)
      const b = await request('POST', '/api/news', article('Webhook two'), cookie)
      const edit = await request(
        'PUT',
        `/api/news/${a.body.id}`,
        { ...article('Webhook one, edited'), baseUpdatedAt: a.body.updatedAt },
        cookie,
      )
      expect(edit.status).toBe(200)
      await request('DELETE', `/api/news/${a.body.id}`, undefined, cookie)
      await afterAnswers()
      for (let i = 0; i < 4; i++) await sendAllDue(site.platform)

      expect(receiver.taken.every((t) => t.verified)).toBe(true)
      const ofA = receiver.taken.filter((t) => t.subject === `article:${a.body.id}`).map((t) => t.type)
      expect(ofA).toEqual(['article.published', 'article.updated', 'article.deleted'])
      expect(receiver.taken.filter((t) => t.subject === `article:${b.body.id}`).map((t) => t.type)).toEqual([
        'article.published',
      ])
      expect(new Set(receiver.taken.map((t) => t.id)).size).toBe(4)

      const overview = (await request('GET', '/api/admin/channels', undefined, cookie)).body
      const webhook = overview.webhooks[0]
      const first = webhook.deliveries.find((d: { subject: string; event: string }) => d.event === 'article.published')
      const again = await request(
        'POST',
        `/api/admin/channels/webhooks/${webhook.id}/deliveries/${first.id}/redeliver`,
        undefined,
        cookie,
      )
      expect(again.status).toBe(202)
      await afterAnswers()
      await sendAllDue(site.platform)
      expect(receiver.taken).toHaveLength(5)
      expect(receiver.taken.at(-1)!.id).toBe(first.messageId)
      expect(receiver.taken.at(-1)!.verified).toBe(true)
    } finally {
      await receiver.close()
    }
  })

  it('refuses addresses on this machine, a private network or a cloud metadata service, and names resolving to them', async () => {
    const answers = (resolveTo: string | null) => {
      const external = withExternalOverrides(servicesFromEnv().external, {
        outbound: {
          rules: {
            allowLoopback: false,
            ...(resolveTo
              ? {
                  resolve: ((
                    _host: string,
                    _opts: unknown,
                    cb: (e: null, a: { address: string; family: number }[]) => void,
                  ) => cb(null, [{ address: resolveTo, family: 4 }])) as never,
                }
              : {}),
          },
        },
      })
      return sendTo(appWith({ external }).app)
    }
    const cookie = await adminCookie()
    const tries: [Send, string][] = [
      [answers(null), 'http://127.0.0.1:8080/hook'],
      [answers(null), 'http://10.0.0.5/hook'],
      [answers(null), 'http://169.254.169.254/latest/meta-data'],
      [answers(null), 'http://[::1]/hook'],
      [answers('10.1.2.3'), 'https://hooks.league.example/site'],
      [answers('169.254.169.254'), 'https://metadata.league.example/'],
      [answers('127.0.0.1'), 'https://localhost.league.example/'],
    ]
    for (const [send, url] of tries) {
      const res = await send('POST', '/api/admin/channels/webhooks', {
        cookie,
        body: { url, events: ['article.published'] },
      })
      expect(res.status, url).toBe(400)
      expect(res.body.message, url).toMatch(/^This address cannot receive webhooks: /)
    }
    expect((await db().execute(sql`select count(*)::int as n from webhooks`))[0]).toEqual({ n: 0 })
  })
})

/** The owner's backup download, as the panel fetches it, unpacked to its text. */
async function backupArchive(cookie: string): Promise<string> {
  const opened = await request('POST', '/api/admin/backup/exports', undefined, cookie)
  expect(opened.status, JSON.stringify(opened.body)).toBe(201)
  const parts: Buffer[] = []
  for (let i = 0; i < opened.body.chunks; i++) {
    const res = await site.app.request(`/api/admin/backup/exports/${opened.body.id}/chunks/${i}`, {
      headers: { cookie },
    })
    parts.push(Buffer.from(await res.arrayBuffer()))
  }
  const archive = gunzipSync(Buffer.concat(parts)).toString('utf8')
  expect(archive).toContain('Secrets stay')
  return archive
}

describe('secrets', () => {
  it('no API answer, backup archive, log line or audit row contains a channel credential or a webhook secret', async () => {
    const logged: string[] = []
    const spies = (['log', 'warn', 'error', 'info'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))),
    )
    const receiver = await startReceiver()
    const blobs = await startBlobs()
    site = appWith({ external: outboundLocal(), blobs: blobs.stores })
    try {
      const cookie = await adminCookie()
      const answers = await connectAll(cookie)
      const added = await request(
        'POST',
        '/api/admin/channels/webhooks',
        { url: receiver.url, events: ['article.published'] },
        cookie,
      )
      receiver.useSecret(added.body.secret)
      // A failure logged and shown: the credentials must not be in it either.
      bluesky.queue({ kind: 'status', status: 500, method: 'com.atproto.repo.createRecord' })
      await request('POST', '/api/news', article('Secrets stay'), cookie)
      await afterAnswers()
      await request('POST', '/api/admin/channels/discord/test', undefined, cookie)
      await afterAnswers()
      const seen = [
        ...answers.map((a) => JSON.stringify(a.body)),
        JSON.stringify(added.body.webhook),
        JSON.stringify((await request('GET', '/api/admin/channels', undefined, cookie)).body),
        JSON.stringify((await request('GET', '/api/admin/audit-log', undefined, cookie)).body),
        JSON.stringify(await db().select().from(auditLog)),
        await backupArchive(cookie),
        logged.join('\n'),
      ].join('\n')
      const secrets = [
        hook.token,
        bskyPassword,
        mastodonToken,
        added.body.secret,
        added.body.secret.slice(6),
        '/hooks/site',
      ]
      for (const secret of secrets) expect(seen.includes(secret), secret).toBe(false)
      expect(receiver.taken).toHaveLength(1)
    } finally {
      for (const spy of spies) spy.mockRestore()
      await Promise.all([receiver.close(), blobs.close()])
    }
  })
})

describe('IndexNow', () => {
  it('is told the public pages a publish changed, with the key its key file serves', async () => {
    site = appWith({ external: outboundLocal({ indexNowUrl: indexNow.url }) })
    const cookie = await adminCookie()
    const created = await request('POST', '/api/news', article('Tell the engines'), cookie)
    await afterAnswers()
    await vi.waitFor(() => expect(indexNow.submissions.length).toBeGreaterThan(0))
    const urls = indexNow.submissions.flatMap((s) => s.urls)
    // The article by its address with words, the one search engines should keep (decision 0871).
    expect(urls).toEqual(
      expect.arrayContaining([`${siteUrl}/news/${created.body.id}/tell-the-engines`, `${siteUrl}/news`]),
    )
    const { key, keyLocation } = indexNow.submissions[0]!
    expect(keyLocation).toBe(`${siteUrl}/${key}.txt`)
    // The sitemap's lastmod of the lists: when the purge carried the change to visitors.
    const changed = await pageChangeTimes()
    expect(changed.get('/news')!.getTime()).toBeGreaterThanOrEqual(new Date(created.body.updatedAt).getTime())
    expect(changed.has('/games')).toBe(false)
    // Told once: a tick has nothing more to say until another page changes.
    const before = indexNow.submissions.length
    await runSchedulerTick(site.platform)
    expect(indexNow.submissions.length).toBe(before)
  })
})
