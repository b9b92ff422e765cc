import { defineConfig, devices } from '@playwright/test'
import { requireChromium } from './scripts/local-platform/chromium.ts'
import { e2eSite } from './scripts/local-platform/e2e-site.ts'
import { e2eSessionFile } from './tests/helpers/e2e-session.ts'

/**
 * End-to-end tests in Debian's Chromium against the site served exactly as `npm start` serves it,
 * on its own port and a scratch data folder (never the developer's .data/).
 */
const site = e2eSite(process.env)

/**
 * Tests that change what the site serves (content, settings, 10,000 extra articles) run one at a
 * time after the read-only ones; the read-only tests (the public site, and the admin panel's
 * accessibility and layout checks, which only read) share the machine two at a time.
 */
const writingTests = [
  /\/admin-(?!a11y\.|layout\.)[\w-]+\.spec\.ts$/,
  /\/publish\.spec\.ts$/,
  /\/news-at-scale\.spec\.ts$/,
  /\/news-pages\.spec\.ts$/,
]

export default defineConfig({
  testDir: 'tests/e2e',
  // One admin login per run, saved for the admin tests (the gate's own tests start without it).
  globalSetup: './tests/setup/e2e-session.global.ts',
  fullyParallel: false,
  // Two browsers at once on this two-core machine; the writing project is held to one.
  workers: 2,
  // One retry: a test that fails and then passes is reported as flaky in npm test's closing summary
  // (tests/helpers/e2e-summary-reporter.ts), to be fixed like a failure, but does not fail the
  // run; a test that fails twice does (docs/decisions/0015).
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The summary reporter writes failures to a file that `npm test` prints last (CI keeps the tail).
  reporter: [['list'], ['./tests/helpers/e2e-summary-reporter.ts']],
  use: {
    baseURL: site.baseURL,
    trace: 'retain-on-failure',
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
  // Read-only tests first, in parallel; then the tests that write content (and trigger rebuilds),
  // one at a time, so that no read-only test meets a site in the middle of a rebuild.
  projects: [
    { name: 'read-only', use: { ...devices['Desktop Chrome'] }, testIgnore: writingTests, fullyParallel: true },
    {
      name: 'writing',
      testMatch: writingTests,
      dependencies: ['read-only'],
      // The admin tests start logged in (tests/setup/e2e-session.global.ts).
      use: { ...devices['Desktop Chrome'], storageState: e2eSessionFile(site.baseURL) },
      workers: 1,
    },
  ],
  webServer: {
    command: `node ${site.args.join(' ')}`,
    url: site.readyUrl,
    timeout: 240_000,
    // `npm test` starts the site once for its two Playwright runs (scripts/test.ts).
    reuseExistingServer: process.env.E2E_REUSE_SITE === '1',
    env: site.poison,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
