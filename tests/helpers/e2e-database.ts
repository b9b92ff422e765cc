import type { TestInfo } from '@playwright/test'
import { currentSite } from './e2e-site.ts'

/** The scratch database of the test's end-to-end site (test-support/e2e-site.ts). */
export function e2eDatabaseUrl(testInfo: TestInfo): string {
  return currentSite(testInfo).databaseUrl()
}
