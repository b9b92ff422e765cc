import { test, type TestInfo } from '@playwright/test'
import { e2eSiteAt, type E2eSite } from '../../test-support/e2e-site.ts'

/**
 * The end-to-end site the running test talks to (its project's base URL), with its database and
 * fakes: each writing project has a site of its own (test-support/e2e-site.ts).
 */
export function currentSite(testInfo: TestInfo = test.info()): E2eSite {
  return e2eSiteAt(testInfo.project.use.baseURL, process.env)
}
