/**
 * The sites the end-to-end tests run against: `npm start` on its own ports and a scratch data
 * folder each (scripts/e2e-server.ts). Playwright starts them (playwright.config.ts), or `npm test`
 * does and Playwright reuses them (scripts/test.ts).
 *
 * Four sites, each with its own database (docs/decisions/0024): the read-only tests on site 0, and
 * the tests that change content in three lanes, on sites 1, 2 and 3, from the start: they mostly
 * wait for their site, so they fill the CPU the read-only tests leave. Site 0 is on E2E_PORT (8899),
 * each next one ten ports above. Each site has its fakes on its port + 2, + 3, + 4 and + 6, and its
 * database on E2E_DB_PORT (+ 10 per site) or its port + 45440, so that two checkouts can run the
 * suite side by side. The writing sites also have a fake mail server on their port + 5, so their
 * newsletter is on; the read-only site has none, as the demo: no sign-up form (decision 0800). The
 * writing sites also have the channels' fakes on their port + 1, + 7, + 8 and + 9, and a SECRETS_KEY
 * to connect them with; the read-only site has neither, as the demo: its Channels tab says what to set.
 */
import { embeddedDatabaseUrl, readEmbeddedPassword } from '../src/server/db/embedded-password.ts'

export const E2E_SITES = 4
const SITE_STRIDE = 10
const DEFAULT_PORT = 8899

type Env = Record<string, string | undefined>

export function e2eSite(env: Env, index = 0) {
  const port = Number(env.E2E_PORT ?? DEFAULT_PORT) + SITE_STRIDE * index
  const dbPort = env.E2E_DB_PORT ? Number(env.E2E_DB_PORT) + SITE_STRIDE * index : port + 45440
  /** The fake AI server the site talks to (fakes/ai-server.ts; tests/helpers/e2e-ai.ts). */
  const fakeAiPort = port + 2
  /** The fake Twitch, YouTube and Steam (fakes/refresh-apis-server.ts; tests/helpers/e2e-refresh.ts). */
  const fakeRefreshPort = port + 3
  /** The fake Jolpica-F1 (fakes/jolpica-server.ts; tests/helpers/e2e-jolpica.ts). */
  const fakeJolpicaPort = port + 4
  /** The fake SMTP server (fakes/smtp-server.ts; tests/helpers/e2e-mail.ts): writing sites only. */
  const fakeSmtpPort = index > 0 ? port + 5 : undefined
  /** The fake shop of the purchase links and link checks (fakes/shop-server.ts). */
  const fakeShopPort = port + 6
  /**
   * The fake Discord, Mastodon, IndexNow and Bluesky of the channels (fakes/; writing sites only):
   * the free ports below the next site's, port + 1 among them, as no four in a row are left.
   */
  const fakeChannelPorts =
    index > 0 ? { discord: port + 1, mastodon: port + 7, indexNow: port + 8, bluesky: port + 9 } : undefined
  return {
    index,
    port,
    baseURL: `http://localhost:${port}`,
    /** The site's data folder and its embedded database's port (a command run beside the site uses them). */
    dataDir: `.data/e2e-${port}`,
    dbPort,
    /** The site's database, with the password its server generated (read once the site has started). */
    databaseUrl: () => embeddedDatabaseUrl(dbPort, readEmbeddedPassword(`.data/e2e-${port}`)),
    fakeAiOrigin: `http://127.0.0.1:${fakeAiPort}`,
    fakeRefreshOrigin: `http://127.0.0.1:${fakeRefreshPort}`,
    fakeJolpicaOrigin: `http://127.0.0.1:${fakeJolpicaPort}`,
    /** Where the site's fake mail server writes each message it takes (one JSON file each). */
    mailbox: fakeSmtpPort ? `.data/e2e-${port}-mailbox` : undefined,
    fakeShopOrigin: `http://127.0.0.1:${fakeShopPort}`,
    /** The channels' fakes, each read and set up over HTTP (their /__fake/ endpoints); writing sites only. */
    fakeChannelOrigins: fakeChannelPorts
      ? {
          discord: `http://127.0.0.1:${fakeChannelPorts.discord}`,
          mastodon: `http://127.0.0.1:${fakeChannelPorts.mastodon}`,
          indexNow: `http://127.0.0.1:${fakeChannelPorts.indexNow}`,
          bluesky: `http://127.0.0.1:${fakeChannelPorts.bluesky}`,
        }
      : undefined,
    /** Answers once the site serves its API. */
    readyUrl: `http://localhost:${port}/api/site-settings/hero_image`,
    args: [
      '--import',
      'tsx',
      'scripts/e2e-server.ts',
      `--port=${port}`,
      `--db-port=${dbPort}`,
      `--fake-ai-port=${fakeAiPort}`,
      `--fake-refresh-port=${fakeRefreshPort}`,
      `--fake-jolpica-port=${fakeJolpicaPort}`,
      ...(fakeSmtpPort ? [`--fake-smtp-port=${fakeSmtpPort}`] : []),
      `--fake-shop-port=${fakeShopPort}`,
      ...(fakeChannelPorts
        ? [
            `--fake-channels-ports=${[fakeChannelPorts.discord, fakeChannelPorts.mastodon, fakeChannelPorts.indexNow, fakeChannelPorts.bluesky].join(',')}`,
          ]
        : []),
      // One build for the run's sites (E2E_SHARED_BUILD, set by npm test and playwright.config.ts).
      ...(env.E2E_SHARED_BUILD ? [`--shared-build=${env.E2E_SHARED_BUILD}`] : []),
    ],
    /**
     * What a developer's shell may hold. scripts/e2e-server.ts hands the site an allow-list only, so
     * none of it may reach the site: on every run the admin tests log in with the generated password
     * (.data/e2e-<port>/admin-password.txt), and a leaked DATABASE_URL would stop the site at start.
     */
    poison: {
      ADMIN_PASSWORD: 'not-the-e2e-password',
      DATABASE_URL: 'postgres://poison:poison@127.0.0.1:9/poison',
      REBUILD_HOOK_URL: 'http://127.0.0.1:9/build_hooks/poison',
      OPENAI_API_KEY: 'sk-poison',
      PERPLEXITY_API_KEY: 'pplx-poison',
      TWITCH_CLIENT_SECRET: 'twitch-poison',
      YOUTUBE_API_KEY: 'youtube-poison',
      SMTP_URL: 'smtp://poison:poison@127.0.0.1:9',
      NEWSLETTER_FROM: 'Poison <poison@poison.example>',
    },
  }
}

export type E2eSite = ReturnType<typeof e2eSite>

/** Every end-to-end site, site 0 first. */
export function e2eSites(env: Env): E2eSite[] {
  return Array.from({ length: E2E_SITES }, (_, index) => e2eSite(env, index))
}

/** The site a test runs against, from its project's base URL. */
export function e2eSiteAt(baseURL: string | undefined, env: Env): E2eSite {
  const site = e2eSites(env).find((s) => s.baseURL === baseURL)
  if (!site) throw new Error(`No end-to-end site answers at ${baseURL}`)
  return site
}
