import { expect, type APIRequestContext, type TestInfo } from '@playwright/test'
import { readE2eAdminPassword } from './e2e-session.ts'

/**
 * The e2e site is `npm start` on a scratch data folder (.data/e2e-<port>, scripts/e2e-server.ts):
 * with no ADMIN_PASSWORD it generates one there, as it does for a developer.
 */
export function e2eAdminPassword(testInfo: TestInfo): string {
  return readE2eAdminPassword(testInfo.project.use.baseURL ?? 'http://localhost:8899')
}

/**
 * Makes sure the request context has an admin session: the run's one login (saved by
 * tests/setup/e2e-session.global.ts, which the admin tests start with), or a login through the API
 * when the context has none (a context of its own, a session a test ended).
 */
export async function adminLogin(request: APIRequestContext, testInfo: TestInfo): Promise<void> {
  if ((await request.get('/api/admin/session')).status() === 200) return
  const res = await request.post('/api/admin/login', { data: { password: e2eAdminPassword(testInfo) } })
  expect(res.status(), await res.text()).toBe(200)
}

/**
 * Waits until every write so far has reached the CDN stand-in (its purges sent: decision 0700);
 * the request must be logged in.
 */
export async function waitForPublish(request: APIRequestContext, timeoutMs = 60_000): Promise<void> {
  await expect
    .poll(async () => (await (await request.get('/api/admin/publish-status')).json()).publishing.state, {
      timeout: timeoutMs,
      intervals: [250, 500, 1000],
    })
    .toBe('live')
}

/**
 * After writing straight into the e2e site's database (a test that seeds thousands of rows): the
 * CDN stand-in still holds the pages and answers from before, so the whole site is purged, as the
 * owner's 'Purge Everything' does. The request must be logged in.
 */
export async function purgeSite(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/admin/purge-all')
  expect(res.status(), await res.text()).toBe(200)
  await waitForPublish(request)
}

/**
 * Runs the scheduler's every-minute tick as if it were `at` (the test site's control of time,
 * packages/local-platform/local-runtime.ts TICK_CONTROL_PATH): no test waits for a real minute.
 */
export async function tickScheduler(
  request: APIRequestContext,
  at: Date,
): Promise<{ started: number; publishedNews: number[]; purged: string[] }> {
  const res = await request.post('/.netlify/test-controls/scheduler-tick', { data: { at: at.toISOString() } })
  expect(res.status(), await res.text()).toBe(200)
  return res.json()
}
