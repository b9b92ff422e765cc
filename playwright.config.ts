import { defineConfig, devices } from '@playwright/test'
import { requireChromium } from './scripts/local-platform/chromium.ts'
import { e2eSite } from './scripts/local-platform/e2e-site.ts'
import { e2eSessionFile } from './tests/helpers/e2e-session.ts'

/**
 * End-to-end tests in Debian's Chromium against the site served exactly as `npm start` serves it,
 * on its own ports and a scratch data folder (never the developer's .data/). Two such sites, each
 * with its own database and fakes (scripts/local-platform/e2e-site.ts).
 */
const site = e2eSite(process.env, 0)
const secondSite = e2eSite(process.env, 1)

/**
 * Tests that change what the site serves (content, settings, 10,000 extra articles) run one at a
 * time on a site; the read-only tests (the public site, and the admin panel's accessibility and
 * layout checks, which only read) share the first site, two at a time, before its writing tests.
 */
const writingTests = [
  /\/admin-(?!a11y\.|layout\.)[\w-]+\.spec\.ts$/,
  /\/publish\.spec\.ts$/,
  /\/news-at-scale\.spec\.ts$/,
  /\/news-pages\.spec\.ts$/,
]

/**
 * The writing tests that run on the second site (docs/decisions/0024). They start beside the first
 * site's read-only tests, and the first site's writing tests only after those, so the second site
 * takes more than half of the writing tests' time (their durations in the run of 2026-11-26): then
 * both sites end together. A new writing test file goes to the first site unless it is listed here.
 */
const onSecondSite = [
  'admin-ai-feedback',
  'admin-refresh',
  'admin-gate',
  'admin-ai',
  'admin-race-results',
  'admin-settings',
  'admin-games',
  'admin-standings',
  'admin-news-fit',
  'admin-keyboard',
  'admin-totp',
  'admin-api',
  'admin-og-cards',
  'admin-news-editor',
  'admin-lost-connection',
  'admin-polish',
  'admin-spec-fields',
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`))

export default defineConfig({
  testDir: 'tests/e2e',
  // One admin login per run, saved for the admin tests (the gate's own tests start without it).
  globalSetup: './tests/setup/e2e-session.global.ts',
  fullyParallel: false,
  // Three browsers at once: two read-only ones on the first site beside the second site's writing
  // tests, which mostly wait for the site; then one writing browser on each site.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry: a test that fails and then passes is reported as flaky in npm test's closing summary
  // (tests/helpers/e2e-summary-reporter.ts), to be fixed like a failure, but does not fail the
  // run; a test that fails twice does (docs/decisions/0015).
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The summary reporter writes failures to a file that `npm test` prints last (CI keeps the tail).
  reporter: [['list'], ['./tests/helpers/e2e-summary-reporter.ts']],
  use: {
    // A trace is recorded for a test's retry only: recording every run (its screenshots and DOM
    // snapshots) took a fifth of the browser tests' CPU (docs/testing.md), and a test that fails
    // once is run again with the trace on, which is the run that shows what went wrong.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's chromium-headless-shell (Chromium's headless build, the one Playwright itself runs
      // headless), else chromium, or CHROMIUM_PATH: one rule for the tests and the benchmarks.
      executablePath: requireChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The read-only tests first on the first site, two at a time; then its writing tests, one at a
  // time, so that no read-only test meets content another test changed. The second site's writing
  // tests run from the start, one at a time, beside them.
  projects: [
    {
      name: 'read-only',
      use: { ...devices['Desktop Chrome'], baseURL: site.baseURL },
      testIgnore: writingTests,
      fullyParallel: true,
      // Two: Playwright fills every free worker with this project's tests first, so without this
      // limit the second site's writing tests would wait for all of them.
      workers: 2,
    },
    {
      name: 'writing',
      testMatch: writingTests,
      testIgnore: onSecondSite,
      dependencies: ['read-only'],
      // The admin tests start logged in (tests/setup/e2e-session.global.ts).
      use: { ...devices['Desktop Chrome'], baseURL: site.baseURL, storageState: e2eSessionFile(site.baseURL) },
      workers: 1,
    },
    {
      name: 'writing-2',
      testMatch: onSecondSite,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: secondSite.baseURL,
        storageState: e2eSessionFile(secondSite.baseURL),
      },
      workers: 1,
    },
  ],
  webServer: [site, secondSite].map((each) => ({
    command: `node ${each.args.join(' ')}`,
    url: each.readyUrl,
    timeout: 240_000,
    // `npm test` starts the sites once for its Playwright runs (scripts/test.ts).
    reuseExistingServer: process.env.E2E_REUSE_SITE === '1',
    env: each.poison,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
})
