/**
 * `npm run bench:channels-save`: does a save wait for Discord, Bluesky or Mastodon (issue 43: "the
 * site's save answers in its usual time whatever the channels do, measured beside a channel that
 * hangs")? Through the app in-process, in a scratch embedded database, with the fake networks
 * (fakes/*-server.ts) on 127.0.0.1: an article published (which announces it on every connected
 * channel) with no channel connected, with the three connected and answering, and with Discord
 * never answering (each of its calls ends at the site's timeout). The work after each answer is let
 * finish, untimed, before the next save. Prints each case's median and p90 answer time and its ratio
 * to the first.
 * Options: --runs=30 (articles published in each case), --timeout-ms=1000 (the site's wait for a network).
 */
import { assertScratchDatabase, markScratchDatabase, startScratchServer } from '@simracing/local-platform'
import { startFakeBluesky } from '../../fakes/bluesky-server.ts'
import { startFakeDiscord } from '../../fakes/discord-server.ts'
import { startFakeMastodon } from '../../fakes/mastodon-server.ts'

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const RUNS = option('runs', 30)
/** How long the site waits for a network's answer (production: 10 s). */
const TIMEOUT_MS = option('timeout-ms', 1000)

const server = await startScratchServer('bench-channels-save-')
const url = server.url
const mark = await markScratchDatabase(url)
// Set before the site's modules are imported (the env module reads the environment once).
process.env.DATABASE_URL = url
process.env.SECRETS_KEY ||= 'bench-only-secrets-key-of-at-least-32-chars'
const [discord, bluesky, mastodon] = await Promise.all([startFakeDiscord(), startFakeBluesky(), startFakeMastodon()])
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { createApp } = await import('../../src/server/app.ts')
const { servicesFromEnv } = await import('../../src/server/platform-from-env.ts')
const { createPurger } = await import('../../src/server/cdn/purger.ts')
const { withExternalOverrides } = await import('../../src/server/external/config.ts')
const { createSession } = await import('../../src/server/auth/sessions.ts')
const { SESSION_COOKIE } = await import('../../src/server/auth/cookie.ts')

const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!

try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  const services = servicesFromEnv()
  const app = createApp({
    ...services,
    external: withExternalOverrides(services.external, {
      outbound: {
        rules: { allowLoopback: true },
        timeoutMs: TIMEOUT_MS,
        ownPage: async () => new Response(null, { status: 404 }),
      },
    }),
    purger: createPurger({ purge: undefined, siteUrl: 'http://127.0.0.1' }),
  })
  const cookie = `${SESSION_COOKIE}=${(await createSession('bench')).id}`
  let n = 0
  /** One request's answer time; the work after the answer is let finish, untimed. */
  async function call(method: string, path: string, body: unknown): Promise<{ ms: number; status: number }> {
    const background: Promise<unknown>[] = []
    const started = performance.now()
    const res = await app.request(
      path,
      { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) },
      { context: { ip: '203.0.113.5', waitUntil: (work: Promise<unknown>) => void background.push(work) } },
    )
    await res.arrayBuffer()
    const ms = performance.now() - started
    await Promise.all(background)
    return { ms, status: res.status }
  }
  const publish = async () => {
    const { ms, status } = await call('POST', '/api/news', {
      title: `Bench article ${++n}`,
      content: '<p>A paragraph of the article.</p>',
      author: 'Bench',
    })
    if (status !== 201) throw new Error(`publishing answered ${status}`)
    return ms
  }
  const times: Record<string, number[]> = {}
  const measure = async (label: string) => {
    for (let i = 0; i < 5; i++) await publish() // warm-up: modules, plans
    times[label] = []
    for (let i = 0; i < RUNS; i++) times[label]!.push(await publish())
  }

  await measure('no channel connected')
  const hook = discord.createWebhook()
  const account = bluesky.createAccount({ handle: 'bench.bsky.test' })
  const { token } = mastodon.createAccount({ username: 'bench' })
  for (const [path, body] of [
    ['/api/admin/channels/discord', { webhookUrl: hook.url }],
    [
      '/api/admin/channels/bluesky',
      { handle: account.handle, appPassword: account.appPassword, serverUrl: bluesky.serviceUrl },
    ],
    ['/api/admin/channels/mastodon', { serverUrl: mastodon.origin, accessToken: token }],
  ] as const) {
    const { status } = await call('PUT', path, body)
    if (status !== 200) throw new Error(`connecting ${path} answered ${status}`)
  }
  await measure('three channels answering')
  const answered = discord.messages.length
  discord.queue(...Array.from({ length: RUNS + 5 }, () => ({ kind: 'hang' as const })))
  await measure('Discord hanging')

  const base = percentile(times['no channel connected']!, 0.5)
  console.log(`\nPublishing an article, ${RUNS} of each case (in-process; the announcements after the answer):`)
  for (const [label, xs] of Object.entries(times)) {
    const median = percentile(xs, 0.5)
    console.log(
      `  ${label.padEnd(26)} median ${median.toFixed(1).padStart(6)} ms   p90 ${percentile(xs, 0.9).toFixed(1).padStart(6)} ms   ${(median / base).toFixed(2)}x`,
    )
  }
  console.log(
    `  messages taken: Discord ${answered} (then none while it hung), Bluesky ${bluesky.posts.length}, Mastodon ${mastodon.statuses.length}`,
  )
} finally {
  await closeDb()
  await Promise.all([discord.close(), bluesky.close(), mastodon.close()])
  await server.remove()
}
