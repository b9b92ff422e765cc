import { defineConfig, devices } from '@playwright/test'
import { requireChromium } from './test-support/chromium.ts'
import { e2eSite } from './test-support/e2e-site.ts'
import { e2eSessionFile } from './tests/helpers/e2e-session.ts'

/**
 * End-to-end tests in Debian's Chromium against the site served exactly as `npm start` serves it,
 * on its own ports and a scratch data folder (never the developer's .data/). Four such sites, each
 * with its own database and fakes (test-support/e2e-site.ts).
 */
// One build for the four sites, made by the first to start (npm test sets it for the sites it starts).
process.env.E2E_SHARED_BUILD ??= `.data/e2e-build-${Date.now()}`
const readOnlySite = e2eSite(process.env, 0)
const writingSite = e2eSite(process.env, 1)
const secondWritingSite = e2eSite(process.env, 2)
const thirdWritingSite = e2eSite(process.env, 3)

/**
 * The tests that change what the site serves (content, settings, 10,000 extra articles): they run
 * one at a time on a site of their own, never on the read-only tests' site. The read-only tests
 * (the public site, and the admin panel's accessibility and layout checks, which only read) run
 * two at a time on theirs.
 */
const writingTests = [
  /\/admin-(?!a11y\.|layout\.)[\w-]+\.spec\.ts$/,
  /\/publish\.spec\.ts$/,
  /\/news-at-scale\.spec\.ts$/,
  /\/news-pages\.spec\.ts$/,
  // The newsletter's forms and pages: only a writing site can send mail.
  /\/newsletter-pages\.spec\.ts$/,
  /\/database-away\.spec\.ts$/,
]

const lane = (...names: string[]) => names.map((name) => new RegExp(`/${name}\\.spec\\.ts$`))

/**
 * The writing tests of the second and third lanes (the third and fourth sites), beside the first
 * lane's: about a third of the writing tests' time each (their durations in the run of 2026-11-28:
 * 295 s in the first lane and 287 s in the second when there were two), so that the three lanes end
 * together. On 2026-11-29 the first lane ended last, alone for its last 25 s with the CPU 15 % busy
 * (218 s of tests and the 10,000-article fixture, against 196 s and 210 s): the OG cards, the
 * owner's-data digests, the database away, the news list's pages and the newsletter's pages
 * moved to the second (after its admin tests, by name: the deploy budget's test stayed, as the tests
 * after it in the second lane publish). A new writing test file goes to the first lane unless it
 * is listed here.
 */
const secondLane = lane(
  'admin-audience',
  'admin-race-results',
  'admin-calendar',
  'admin-games',
  'admin-settings',
  'admin-keyboard',
  'admin-standings',
  'admin-spec-fields',
  'admin-news-fit',
  'admin-api',
  'admin-revisions',
  'admin-totp',
  'admin-newsletter',
  'admin-og-cards',
  'admin-owner-data',
  'database-away',
  'news-pages',
  'newsletter-pages',
)
const thirdLane = lane(
  'admin-gate',
  'admin-ai',
  'admin-refresh',
  'admin-polish',
  'admin-xss',
  'admin-content',
  'admin-lost-connection',
  'admin-channels',
  'admin-news',
  'admin-backup',
)

export default defineConfig({
  testDir: 'tests/e2e',
  // One admin login per run, saved for the admin tests (the gate's own tests start without it).
  globalSetup: './tests/setup/e2e-session.global.ts',
  fullyParallel: false,
  // Five browsers at once: two read-only ones, which keep the CPU busy, and one per writing lane,
  // which mostly wait for their site (docs/decisions/0024).
  workers: Number(process.env.E2E_WORKERS ?? 5),
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
  // All three from the start, each on its own site: no read-only test meets content another test
  // changed, and a writing test meets only its own lane's changes.
  projects: [
    {
      name: 'read-only',
      use: { ...devices['Desktop Chrome'], baseURL: readOnlySite.baseURL },
      testIgnore: writingTests,
      fullyParallel: true,
      // Two: Playwright fills every free worker with this project's tests first, so without this
      // limit the writing lanes would wait for all of them.
      workers: 2,
    },
    {
      name: 'writing',
      testMatch: writingTests,
      testIgnore: [...secondLane, ...thirdLane],
      // The admin tests start logged in (tests/setup/e2e-session.global.ts).
      use: {
        ...devices['Desktop Chrome'],
        baseURL: writingSite.baseURL,
        storageState: e2eSessionFile(writingSite.baseURL),
      },
      workers: 1,
    },
    {
      name: 'writing-2',
      testMatch: secondLane,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: secondWritingSite.baseURL,
        storageState: e2eSessionFile(secondWritingSite.baseURL),
      },
      workers: 1,
    },
    {
      name: 'writing-3',
      testMatch: thirdLane,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: thirdWritingSite.baseURL,
        storageState: e2eSessionFile(thirdWritingSite.baseURL),
      },
      workers: 1,
    },
  ],
  webServer: [readOnlySite, writingSite, secondWritingSite, thirdWritingSite].map((each) => ({
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
