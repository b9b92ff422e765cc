import type { TestInfo } from '@playwright/test'

/**
 * The scratch database of the e2e site (scripts/e2e-server.ts): the embedded server on the port
 * playwright.config.ts gives it, E2E_DB_PORT or the site's port + 45440.
 */
export function e2eDatabaseUrl(testInfo: TestInfo): string {
  const sitePort = Number(new URL(testInfo.project.use.baseURL ?? 'http://localhost:8899').port)
  const dbPort = Number(process.env.E2E_DB_PORT ?? sitePort + 45440)
  return `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres?sslmode=disable`
}
