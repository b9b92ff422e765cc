import { readFileSync } from 'node:fs'
import { expect, type APIRequestContext, type TestInfo } from '@playwright/test'

/**
 * The e2e site is `npm start` on a scratch data folder (.data/e2e-<port>, scripts/e2e-server.ts):
 * with no ADMIN_PASSWORD it generates one there, as it does for a developer.
 */
export function e2eAdminPassword(testInfo: TestInfo): string {
  const port = new URL(testInfo.project.use.baseURL ?? 'http://localhost:8899').port
  return readFileSync(`.data/e2e-${port}/admin-password.txt`, 'utf8').trim()
}

/** Logs the request context in through the API; its cookie jar keeps the session. */
export async function adminLogin(request: APIRequestContext, testInfo: TestInfo): Promise<void> {
  const res = await request.post('/api/admin/login', { data: { password: e2eAdminPassword(testInfo) } })
  expect(res.status(), await res.text()).toBe(200)
}

/** Waits until the local publisher has rebuilt the site with every edit made so far. */
export async function waitForPublish(request: APIRequestContext, timeoutMs = 90_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await (await request.get('/api/admin/publish-status')).json()
        return s.status === 'live' && (!s.requestedAt || new Date(s.liveAt) >= new Date(s.requestedAt))
          ? 'live'
          : s.status
      },
      { timeout: timeoutMs, intervals: [1000] },
    )
    .toBe('live')
}
