/**
 * The environment of everything `npm test` starts (Vitest, Playwright and the site under test):
 * an explicit allow-list of what a process needs in order to run, never the caller's settings for
 * the site. A developer's ADMIN_PASSWORD, AI keys, build hook or DATABASE_URL must not reach a
 * test: tests never call a real provider, hook or database (docs/decisions/0010-hermetic-tests.md).
 *
 * This module must not import src/env.server.ts: that module validates the caller's environment
 * at import, and a bad value there must not stop the tests that are meant to ignore it.
 */

/** What a process genuinely needs from the caller; everything else is dropped. */
export const PASSED_THROUGH: readonly string[] = [
  // Where programs are (npm puts node_modules/.bin, and with it Node 24, first), home and temp folders.
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'TMPDIR',
  'TMP',
  'TEMP',
  // Locale and terminal: output only.
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'CI',
  // A headed Playwright run (`--headed`, `--ui`) needs the display.
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XDG_RUNTIME_DIR',
  // The test runner's own settings (docs/testing.md): browser, ports, PostgreSQL 15 binaries.
  'CHROMIUM_PATH',
  'E2E_PORT',
  'E2E_DB_PORT',
  'E2E_SHARED_BUILD',
  'PG_BIN',
  // The Java the Nu HTML Checker runs with (test-support/nu-checker.ts).
  'JAVA_HOME',
]

/**
 * Every variable src/env.server.ts reads, except NODE_ENV (each runner sets its own). They are set
 * empty rather than left out: an empty value counts as unset there, and it stops loaders that only
 * fill missing variables from filling them. Astro's build does that with a `.env` file in the
 * repository (vite's loadEnv, then `process.env[key] = value` for every key), so a left-out
 * DATABASE_URL would come back from `.env` while the pages are rendered. A test keeps this list
 * equal to the schema's keys (tests/integration/hermetic-env.test.ts).
 */
export const SITE_VARIABLES: readonly string[] = [
  'CONTEXT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_POOL_MAX',
  'DATABASE_IDLE_TIMEOUT',
  'DATABASE_CONNECT_TIMEOUT_S',
  'DATABASE_STATEMENT_TIMEOUT_MS',
  'EMBEDDED_DB_PORT',
  'DATA_DIR',
  'URL',
  'SITE_URL',
  'ADMIN_PASSWORD',
  'REBUILD_HOOK_URL',
  'REBUILD_DEBOUNCE_SECONDS',
  'NETLIFY_PURGE_API_TOKEN',
  'SITE_ID',
  'NETLIFY_API_URL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_IMAGE_MODEL',
  'OPENAI_TEXT_MODEL',
  'PERPLEXITY_API_KEY',
  'PERPLEXITY_BASE_URL',
  'PERPLEXITY_MODEL',
  'TWITCH_CLIENT_ID',
  'TWITCH_CLIENT_SECRET',
  'TWITCH_AUTH_BASE_URL',
  'TWITCH_API_BASE_URL',
  'YOUTUBE_API_KEY',
  'YOUTUBE_API_BASE_URL',
  'STEAM_STORE_BASE_URL',
  'JOLPICA_BASE_URL',
  'JOBS_SECRET',
  'AI_MONTHLY_BUDGET_USD',
  'BLOBS_EDGE_URL',
  'BLOBS_SITE_ID',
  'BLOBS_TOKEN',
  'SMTP_URL',
  'NEWSLETTER_FROM',
  'NEWSLETTER_SECRET',
  'SECRETS_KEY',
  'INDEXNOW_URL',
  'TEST_ONLY_LINK_CHECK_LOCAL_SHOPS',
  'TEST_ONLY_OUTBOUND_LOOPBACK',
  'DEBUG_ERRORS',
]

/**
 * An address where nothing answers (the discard port, closed here): code that reaches for an AI
 * provider in a test fails at once and never leaves this machine. Tests that exercise the AI
 * point the clients at their own fakes on 127.0.0.1.
 */
export const UNREACHABLE_API = 'http://127.0.0.1:9/v1'

/** The site's settings under test: no keys, no hook, no outside database, AI at 127.0.0.1. */
export const TEST_SITE_ENV: Readonly<Record<string, string>> = {
  ...Object.fromEntries(SITE_VARIABLES.map((name) => [name, ''])),
  OPENAI_BASE_URL: UNREACHABLE_API,
  PERPLEXITY_BASE_URL: UNREACHABLE_API,
  TWITCH_AUTH_BASE_URL: UNREACHABLE_API,
  TWITCH_API_BASE_URL: UNREACHABLE_API,
  YOUTUBE_API_BASE_URL: UNREACHABLE_API,
  STEAM_STORE_BASE_URL: UNREACHABLE_API,
  INDEXNOW_URL: 'http://127.0.0.1:9/indexnow',
  ASTRO_TELEMETRY_DISABLED: '1',
  NETLIFY_TELEMETRY_DISABLED: '1',
}

/**
 * The environment for a process `npm test` starts: the allowed variables of `source`, the test
 * settings of the site, then `extra` (a port, a data folder). Nothing else of `source` survives.
 */
export function hermeticEnv(
  source: NodeJS.ProcessEnv = process.env,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const passed = Object.fromEntries(
    PASSED_THROUGH.flatMap((name) => (source[name] === undefined ? [] : [[name, source[name]]])),
  )
  return { ...passed, ...TEST_SITE_ENV, ...extra }
}

/**
 * The same, applied to this process's own environment (the Vitest config does this before any
 * test module reads it). Keeps the variables the runner set for itself (`keep`).
 */
export function makeProcessEnvHermetic(keep: (name: string) => boolean): void {
  const next = hermeticEnv(process.env)
  for (const name of Object.keys(process.env)) {
    if (!(name in next) && !keep(name)) delete process.env[name]
  }
  Object.assign(process.env, next)
}
