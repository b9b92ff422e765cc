/**
 * `npm run fake:channels [-- --port=8790] [-- --site=http://127.0.0.1:8888]`: the fake Discord,
 * Mastodon, IndexNow and Bluesky for trying the channels
 * offline under `npm start`. They listen on fixed ports from --port (Discord, then Mastodon,
 * IndexNow and Bluesky), and the webhook and token they print are fixed too, so the settings pasted
 * into the site stay valid from one run to the next. IndexNow checks the key file on the site at
 * --site (npm start's address by default); --no-key-check answers 202 without looking. Prints what
 * to paste, then every request the fakes answer and every message they take. Ctrl-C stops it.
 */
import { startFakeBluesky } from './bluesky-server.ts'
import { startFakeDiscord } from './discord-server.ts'
import { startFakeIndexNow } from './indexnow-server.ts'
import { startFakeMastodon } from './mastodon-server.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const base = Number(arg('port') ?? 8790)
const site = arg('site') ?? 'http://127.0.0.1:8888'
const checkKeys = !process.argv.includes('--no-key-check')

const rule = (title: string) => console.log(`\n${'─'.repeat(8)} ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`)
const answered = (service: string, r: { method: string; path: string; status: number | null; reply: unknown }) => {
  const refusal = r.status !== null && r.status >= 400 ? ` ${JSON.stringify(r.reply)}` : ''
  console.log(`${service}: ${r.method} ${r.path} → ${r.status}${refusal}`)
}

const discord = await startFakeDiscord({
  port: base,
  onAnswer: (r) => answered('Discord', r),
  onMessage: ({ body }) => {
    rule('Discord message')
    if (typeof body.content === 'string' && body.content) console.log(body.content)
    for (const embed of Array.isArray(body.embeds) ? (body.embeds as Record<string, unknown>[]) : []) {
      console.log(`[embed] ${String(embed.title ?? '')} ${embed.url ? `<${String(embed.url)}>` : ''}`)
      if (embed.description) console.log(String(embed.description))
    }
  },
})
const mastodon = await startFakeMastodon({
  port: base + 1,
  onAnswer: (r) => answered('Mastodon', r),
  onStatus: ({ params, status }) => {
    rule(`Mastodon status ${status.id} (${status.visibility})`)
    console.log(params.status)
  },
})
const indexNow = await startFakeIndexNow({
  port: base + 2,
  verifyKey: checkKeys,
  siteOrigin: site,
  onAnswer: (r) => answered('IndexNow', r),
  onSubmission: ({ host, urls }) => {
    rule(`IndexNow: ${urls.length} URL(s) of ${host}`)
    console.log(urls.join('\n'))
  },
})

// Fixed, so the settings pasted into the site survive a restart of the fakes.
const webhook = discord.createWebhook({ id: '1300000000000000001', token: 'fake-discord-webhook-token' })
const { token } = mastodon.createAccount({ username: 'simracinghub', token: 'fake-mastodon-access-token' })

// Bluesky has no callback for posts: new ones are looked for twice a second.
const blueskyFake = await startFakeBluesky({ port: base + 3 })
const blueskyAccount = blueskyFake.createAccount({
  handle: 'simracinghub.bsky.test',
  appPassword: 'fake-bsky-app-pass',
})
let postsShown = 0
const watch = setInterval(() => {
  for (const post of blueskyFake.posts.slice(postsShown)) {
    rule(`Bluesky post ${post.uri}`)
    console.log(String(post.record.text ?? ''))
  }
  postsShown = blueskyFake.posts.length
}, 500)

console.log('Fake channels on 127.0.0.1 only. Paste these into the site (Admin → Channels):\n')
console.log('Discord')
console.log(`  webhook URL:   ${webhook.url}`)
console.log('Mastodon')
console.log(`  instance URL:  ${mastodon.origin}`)
console.log(`  access token:  ${token}`)
console.log('Bluesky')
console.log(`  server:        ${blueskyFake.serviceUrl}`)
console.log(`  handle:        ${blueskyAccount.handle}`)
console.log(`  app password:  ${blueskyAccount.appPassword}`)
console.log('\nAnd these in .env, then npm start (the site may only reach 127.0.0.1 with the second):\n')
console.log(`INDEXNOW_URL=${indexNow.url}`)
console.log('TEST_ONLY_OUTBOUND_LOOPBACK=true')
console.log(
  checkKeys
    ? `\nIndexNow fetches the key file from ${site} (--site=…) and answers 403 when it is missing or wrong.`
    : '\nIndexNow does not check keys (--no-key-check): valid submissions get 202.',
)
console.log(
  `To try a failure, queue it: curl -X POST ${discord.origin}/__fake/queue ` +
    `-d '{"behaviors":[{"kind":"rate-limited","retryAfterSeconds":5}]}'`,
)

const stop = async () => {
  clearInterval(watch)
  await Promise.all([discord.close(), mastodon.close(), indexNow.close(), blueskyFake.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
