import { z } from 'zod'

/**
 * The one place that reads process.env (a lint rule keeps it that way).
 * Parsed once, at import: a bad value stops the process with a message naming the variable.
 * The embedded default needs none of these variables.
 */
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Netlify sets CONTEXT=production on production deploys. */
  CONTEXT: z.string().optional(),
  /** Postgres connection string. Empty: the embedded PGlite server on 127.0.0.1. */
  DATABASE_URL: z.url().optional(),
  /**
   * Connections in this process's pool. A Netlify function instance serves one request at a time,
   * so one connection (parallel queries are pipelined on it) keeps a burst of cold instances within
   * the pooler's client limit; a long-lived local server may use more (docs/decisions/0302).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(1),
  /** Seconds after which an idle connection is closed, so a quiet instance holds no pooler client. */
  DATABASE_IDLE_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(10),
  /** Seconds to wait for a database connection before the API answers 503 (docs/decisions/0304). */
  DATABASE_CONNECT_TIMEOUT_S: z.coerce.number().int().min(1).max(60).default(5),
  /** Milliseconds a statement may take before it is cancelled and the API answers 503 (0304). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  EMBEDDED_DB_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** The address `npm start` listens on: this machine only, unless set (e.g. 0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the embedded database keeps its files. */
  DATA_DIR: z.string().default('.data'),
  /** Public address of the site: canonical links, sitemap, feed, allowed Origin. */
  URL: z.url().optional(),
  SITE_URL: z.url().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  REBUILD_HOOK_URL: z.url().optional(),
  /** Edits within this many seconds of the last build-hook call wait for the next write or scheduler tick. */
  REBUILD_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Set by Netlify inside functions: the CDN purge after every write (docs/decisions/0700). */
  NETLIFY_PURGE_API_TOKEN: z.string().min(1).optional(),
  /** Set by Netlify inside functions: the site whose CDN cache a write purges. */
  SITE_ID: z.string().min(1).optional(),
  /** Netlify's API (the purge endpoint); only a stand-in would change it. */
  NETLIFY_API_URL: z.url().default('https://api.netlify.com'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1.5'),
  OPENAI_TEXT_MODEL: z.string().default('gpt-5-mini'),
  PERPLEXITY_API_KEY: z.string().min(1).optional(),
  PERPLEXITY_BASE_URL: z.url().default('https://api.perplexity.ai/v1'),
  PERPLEXITY_MODEL: z.string().default('perplexity/sonar'),
  /** Twitch Helix (stream refresh): an app's client id and secret for a client-credentials token. */
  TWITCH_CLIENT_ID: z.string().min(1).optional(),
  TWITCH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the app token comes from (POST <base>/token); tests point it at a fake on 127.0.0.1. */
  TWITCH_AUTH_BASE_URL: z.url().default('https://id.twitch.tv/oauth2'),
  TWITCH_API_BASE_URL: z.url().default('https://api.twitch.tv/helix'),
  /** YouTube Data API v3 key (stream refresh of YouTube URLs). */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  YOUTUBE_API_BASE_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  /** Steam store (game refresh): no key; the base of /api/appdetails. */
  STEAM_STORE_BASE_URL: z.url().default('https://store.steampowered.com'),
  /** Jolpica-F1, the Ergast-compatible API of official F1 standings: no key; tests point it at a fake. */
  JOLPICA_BASE_URL: z.url().default('https://api.jolpi.ca/ergast'),
  /** Key that signs calls of the jobs function. Unset: the server makes one and keeps it in the database. */
  JOBS_SECRET: z.string().min(32, 'JOBS_SECRET must be at least 32 characters').optional(),
  /** Spending cap for all AI calls per calendar month (UTC), in US dollars. Unset: no cap. */
  AI_MONTHLY_BUDGET_USD: z.coerce
    .number({ message: 'AI_MONTHLY_BUDGET_USD must be a number of dollars' })
    .min(0, 'AI_MONTHLY_BUDGET_USD cannot be negative')
    .optional(),
  /** Netlify Blobs: set by Netlify in production and by `netlify serve` locally; tests point it at BlobsServer. */
  BLOBS_EDGE_URL: z.url().optional(),
  BLOBS_SITE_ID: z.string().optional(),
  BLOBS_TOKEN: z.string().optional(),
  /**
   * The newsletter's mail server (docs/newsletter.md): smtp://user:password@host:587 (STARTTLS) or
   * smtps://...:465. With NEWSLETTER_FROM, the site shows its sign-up forms; without both, none.
   */
  SMTP_URL: z
    .url({ message: 'SMTP_URL must be an address such as smtp://user:password@smtp.example.com:587' })
    .refine((v) => /^smtps?:\/\//i.test(v), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** Who the newsletter's emails are from: 'SimRacing Hub <news@example.com>' (an address your SMTP_URL may send as). */
  NEWSLETTER_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
      'NEWSLETTER_FROM must be an address, or a name and an address: SimRacing Hub <news@example.com>',
    )
    .optional(),
  /** Key that signs the newsletter's confirmation and unsubscribe links. Unset: the server makes one and keeps it in the database. */
  NEWSLETTER_SECRET: z.string().min(32, 'NEWSLETTER_SECRET must be at least 32 characters').optional(),
  /**
   * Key that encrypts the credentials the site keeps for the owner (the channels' tokens, the
   * webhooks' signing secrets): AES-256-GCM in the database (docs/decisions/0860). Unset: channels
   * and webhooks cannot be added (`npm start` makes one and keeps it in DATA_DIR/secrets.key).
   */
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters').optional(),
  /** Where IndexNow is told of changed pages (Bing, Yandex, Seznam, Naver share it); a fake's address in tests. */
  INDEXNOW_URL: z.url().default('https://api.indexnow.org/indexnow'),
  /** Verbose errors in API answers (never in production). */
  DEBUG_ERRORS: bool.default(false),
  /**
   * TESTS ONLY: the link check requests the end-to-end site's fake shop on 127.0.0.1 (loopback
   * addresses), and nothing else: never the internet. Refused at start on a production deploy
   * (CONTEXT=production), where it would let the owner's links reach the function's own machine.
   */
  TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: bool.default(false),
  /**
   * TESTS ONLY: the channels, webhooks and IndexNow may reach the end-to-end site's fakes on
   * 127.0.0.1 (loopback addresses). Refused on a production deploy like the one above.
   */
  TEST_ONLY_OUTBOUND_LOOPBACK: bool.default(false),
})

export type Env = z.infer<typeof schema>

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset, as .env files and CI often leave them blank.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = schema
    .refine((e) => !(e.CONTEXT === 'production' && e.TEST_ONLY_LINK_CHECK_LOCAL_SHOPS), {
      path: ['TEST_ONLY_LINK_CHECK_LOCAL_SHOPS'],
      message: 'is for the end-to-end tests only and cannot be set on a production deploy (CONTEXT=production)',
    })
    .refine((e) => !(e.CONTEXT === 'production' && e.TEST_ONLY_OUTBOUND_LOOPBACK), {
      path: ['TEST_ONLY_OUTBOUND_LOOPBACK'],
      message: 'is for the end-to-end tests only and cannot be set on a production deploy (CONTEXT=production)',
    })
    .safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}\nSee .env.example.`)
  }
  return result.data
}

export const env: Env = parseEnv(process.env)

export const isProduction = env.CONTEXT === 'production' || env.NODE_ENV === 'production'

/** No DATABASE_URL: the embedded server on 127.0.0.1 (src/server/db/database-url.ts). */
export const usesEmbeddedDatabase = env.DATABASE_URL === undefined

export const siteUrl = (env.SITE_URL ?? env.URL ?? 'http://localhost:8888').replace(/\/$/, '')

export const aiConfigured = {
  openai: env.OPENAI_API_KEY !== undefined,
  perplexity: env.PERPLEXITY_API_KEY !== undefined,
}

/** Sign-up forms exist only when the newsletter can send mail (docs/decisions/0800). */
export const newsletterConfigured = env.SMTP_URL !== undefined && env.NEWSLETTER_FROM !== undefined

/** Every variable this module reads (the test runner blanks them all: test-support/hermetic-env.ts). */
export const envVariableNames: readonly string[] = Object.keys(schema.shape)
