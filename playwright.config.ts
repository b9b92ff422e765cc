import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests in Debian's Chromium against the site served exactly as `npm start` serves it,
 * on its own port and a scratch data folder (never the developer's .data/).
 */
// Ports can be moved so that two checkouts (or two people) can run the suite side by side.
const port = Number(process.env.E2E_PORT ?? 8899)
const dbPort = Number(process.env.E2E_DB_PORT ?? port + 45440)
/** The fake AI server the site under test talks to (tests/fakes/ai-server.ts; tests/helpers/e2e-ai.ts). */
const fakeAiPort = port + 2

/**
 * Tests that change what the site serves (content, settings, 10,000 extra articles) run one at a
 * time after the read-only ones; the read-only tests (the public site, and the admin panel's
 * accessibility, which only reads) share the machine two at a time.
 */
const writingTests = [/\/admin-(?!a11y\.)[\w-]+\.spec\.ts$/, /\/publish\.spec\.ts$/, /\/news-at-scale\.spec\.ts$/]

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two browsers at once on this two-core machine; the writing project is held to one.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // scripts/test.ts picks Debian's chromium-headless-shell (Chromium's headless build, the one
      // Playwright itself runs headless), else chromium.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      use: { ...devices['Desktop Chrome'] },
      testMatch: writingTests,
      dependencies: ['read-only'],
      workers: 1,
    },
  ],
  webServer: {
    command: `node --import tsx scripts/e2e-server.ts --port=${port} --db-port=${dbPort} --fake-ai-port=${fakeAiPort}`,
    url: `http://localhost:${port}/api/site-settings/hero_image`,
    timeout: 240_000,
    reuseExistingServer: false,
    // What a developer's shell may hold. scripts/e2e-server.ts hands the site an allow-list only, so
    // none of it may reach the site: on every run the admin tests log in with the generated password
    // (.data/e2e-<port>/admin-password.txt), and a leaked DATABASE_URL would stop the site at start.
    env: {
      ADMIN_PASSWORD: 'not-the-e2e-password',
      DATABASE_URL: 'postgres://poison:poison@127.0.0.1:9/poison',
      REBUILD_HOOK_URL: 'http://127.0.0.1:9/build_hooks/poison',
      OPENAI_API_KEY: 'sk-poison',
      PERPLEXITY_API_KEY: 'pplx-poison',
    },
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
