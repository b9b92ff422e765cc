import type { Browser } from '@playwright/test'
import { expect } from '@playwright/test'
import { noSession } from './e2e-session.ts'

/**
 * A reader's browser: Chromium's own user agent says "HeadlessChrome", which the audience beacon
 * drops as a bot's (docs/decisions/0850).
 */
export const READER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

/**
 * A reader who follows a link from outside (an announcement, a digest): a fresh browser without the
 * admin session opens it, and the page's beacon is answered. The link's tags are what the Audience
 * tab learns its source and campaign from.
 */
export async function followAsReader(browser: Browser, baseURL: string, link: URL): Promise<void> {
  const reader = await browser.newContext({ baseURL, storageState: noSession, userAgent: READER_AGENT })
  try {
    const page = await reader.newPage()
    const beacon = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/view')
    await page.goto(link.pathname + link.search)
    expect((await beacon).status()).toBe(204)
  } finally {
    await reader.close()
  }
}
