/**
 * The site the end-to-end tests run against: `npm start` on its own ports and a scratch data
 * folder (scripts/e2e-server.ts). Playwright starts it (playwright.config.ts), or `npm test` does
 * and both Playwright runs reuse it (scripts/test.ts). Ports can be moved with E2E_PORT and
 * E2E_DB_PORT so that two checkouts can run the suite side by side.
 */
export function e2eSite(env: Record<string, string | undefined>) {
  const port = Number(env.E2E_PORT ?? 8899)
  const dbPort = Number(env.E2E_DB_PORT ?? port + 45440)
  /** The fake AI server the site talks to (tests/fakes/ai-server.ts; tests/helpers/e2e-ai.ts). */
  const fakeAiPort = port + 2
  /** The fake Twitch, YouTube and Steam (tests/fakes/refresh-apis-server.ts; tests/helpers/e2e-refresh.ts). */
  const fakeRefreshPort = port + 3
  /** The fake Jolpica-F1 (tests/fakes/jolpica-server.ts; tests/helpers/e2e-jolpica.ts). */
  const fakeJolpicaPort = port + 4
  return {
    port,
    baseURL: `http://localhost:${port}`,
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
    },
  }
}
