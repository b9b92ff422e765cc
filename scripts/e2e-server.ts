/**
 * The site for the end-to-end tests: `npm start` itself, on a scratch data folder wiped first and
 * its own database port, so tests start from the demo content and never touch .data/.
 * Its environment is the allow-list of test-support/hermetic-env.ts, whoever starts it (`npm test`,
 * or `npx playwright test` from a shell with ADMIN_PASSWORD or AI keys exported): the admin password
 * is the generated one in <data folder>/admin-password.txt, and no key, hook or database of the
 * caller is used. No `.env` either: start.ts is run without `--env-file`.
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { startFakeAi } from '../fakes/ai-server.ts'
import { startFakeBluesky } from '../fakes/bluesky-server.ts'
import { startFakeDiscord } from '../fakes/discord-server.ts'
import { startFakeIndexNow } from '../fakes/indexnow-server.ts'
import { startFakeJolpica } from '../fakes/jolpica-server.ts'
import { startFakeMastodon } from '../fakes/mastodon-server.ts'
import { startFakeRefreshApis } from '../fakes/refresh-apis-server.ts'
import { startFakeSmtp } from '../fakes/smtp-server.ts'
import { startFakeShop } from '../fakes/shop-server.ts'
import { hermeticEnv } from '../test-support/hermetic-env.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const port = arg('port') ?? '8899'
const dbPort = arg('db-port') ?? '54339'
const fakeAiPort = arg('fake-ai-port')
const fakeRefreshPort = arg('fake-refresh-port')
const fakeJolpicaPort = arg('fake-jolpica-port')
const fakeSmtpPort = arg('fake-smtp-port')
const fakeShopPort = arg('fake-shop-port')
const fakeChannelsPorts = arg('fake-channels-ports')
const sharedBuild = arg('shared-build')
const dataDir = `.data/e2e-${port}`
rmSync(dataDir, { recursive: true, force: true })

// --fake-ai-port: both AI services point at the test suite's fake on 127.0.0.1 (fakes/), never
// at a provider; without it the site runs with no AI keys, as the demo does.
const fake = fakeAiPort ? await startFakeAi({ port: Number(fakeAiPort) }) : undefined
const aiEnv: Record<string, string> = fake
  ? {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'fake-openai-key',
      PERPLEXITY_BASE_URL: fake.url,
      PERPLEXITY_API_KEY: 'fake-perplexity-key',
    }
  : {}

// --fake-refresh-port: Twitch, YouTube and Steam point at the fake on 127.0.0.1, with fake keys.
const fakeRefresh = fakeRefreshPort ? await startFakeRefreshApis({ port: Number(fakeRefreshPort) }) : undefined
const refreshEnv: Record<string, string> = fakeRefresh
  ? {
      TWITCH_CLIENT_ID: 'fake-twitch-client-id',
      TWITCH_CLIENT_SECRET: 'fake-twitch-client-secret',
      TWITCH_AUTH_BASE_URL: fakeRefresh.urls.twitchAuth,
      TWITCH_API_BASE_URL: fakeRefresh.urls.twitchApi,
      YOUTUBE_API_KEY: 'fake-youtube-key',
      YOUTUBE_API_BASE_URL: fakeRefresh.urls.youtube,
      STEAM_STORE_BASE_URL: fakeRefresh.urls.steam,
    }
  : {}

// --fake-jolpica-port: Jolpica-F1 (official F1 standings) points at the fake on 127.0.0.1, whose
// Formula 1 season is around today: the scheduler's first tick puts it on /calendar (decision 0425).
const fakeJolpica = fakeJolpicaPort
  ? await startFakeJolpica({ port: Number(fakeJolpicaPort), schedule: 'around-now' })
  : undefined
const jolpicaEnv: Record<string, string> = fakeJolpica ? { JOLPICA_BASE_URL: fakeJolpica.baseUrl } : {}

// --fake-smtp-port: the newsletter sends through the fake mail server on 127.0.0.1, which writes what
// it takes into a folder the tests read (tests/helpers/e2e-mail.ts); without it, no newsletter.
const mailbox = `${dataDir}-mailbox`
rmSync(mailbox, { recursive: true, force: true })
const fakeSmtp = fakeSmtpPort ? await startFakeSmtp({ port: Number(fakeSmtpPort), mailbox }) : undefined
const smtpEnv: Record<string, string> = fakeSmtp
  ? { SMTP_URL: fakeSmtp.url, NEWSLETTER_FROM: 'SimRacing Hub <digest@simracing-hub.example.com>' }
  : {}

// --fake-shop-port: a shop on 127.0.0.1 for the purchase links; the link check then requests it and
// nothing else (the demo's shops are on the internet, which no test reaches). Production refuses it.
const fakeShop = fakeShopPort ? await startFakeShop({ port: Number(fakeShopPort) }) : undefined
const shopEnv: Record<string, string> = fakeShop ? { TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: 'true' } : {}

// --fake-channels-ports=<discord>,<mastodon>,<indexnow>,<bluesky>: the channels' networks and
// IndexNow on 127.0.0.1, which the site may then reach (production refuses the switch), and a fixed
// SECRETS_KEY to keep their credentials with. The tests make their own webhook, token and account
// over each fake's /__fake/ endpoints: nothing is printed here. Without it, no key: the Channels
// tab says to set one, as the demo's does.
async function startFakeChannels(list: string) {
  const [discord, mastodon, indexNow, bluesky] = list.split(',').map(Number)
  return Promise.all([
    startFakeDiscord({ port: discord }),
    startFakeMastodon({ port: mastodon }),
    // IndexNow checks the site's key file, at the site's own address.
    startFakeIndexNow({ port: indexNow, siteOrigin: `http://127.0.0.1:${port}` }),
    startFakeBluesky({ port: bluesky }),
  ])
}
const fakeChannels = fakeChannelsPorts ? await startFakeChannels(fakeChannelsPorts) : undefined
const channelsEnv: Record<string, string> = fakeChannels
  ? {
      TEST_ONLY_OUTBOUND_LOOPBACK: 'true',
      INDEXNOW_URL: fakeChannels[2].url,
      SECRETS_KEY: 'e2e-only-secrets-key-never-used-in-production',
    }
  : {}

const startArgs = [`--port=${port}`, '--test-controls', ...(sharedBuild ? [`--shared-build=${sharedBuild}`] : [])]
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...startArgs], {
  env: hermeticEnv(process.env, {
    DATA_DIR: dataDir,
    EMBEDDED_DB_PORT: dbPort,
    ...aiEnv,
    ...refreshEnv,
    ...jolpicaEnv,
    ...smtpEnv,
    ...shopEnv,
    ...channelsEnv,
  }),
  stdio: 'inherit',
})
const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
process.on('SIGINT', forward('SIGINT'))
process.on('SIGTERM', forward('SIGTERM'))
child.once('exit', async (code) => {
  await fake?.close()
  await fakeRefresh?.close()
  await fakeJolpica?.close()
  await fakeSmtp?.close()
  await fakeShop?.close()
  await Promise.all(fakeChannels?.map((f) => f.close()) ?? [])
  process.exit(code ?? 0)
})
