/**
 * Shared by the public-site specs: a `test` that fails on any Content-Security-Policy violation,
 * and ways to force an island's states (request interception, no build-time data).
 */
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test'
import type { StreamItem } from '../../src/lib/public-types.ts'

export { expect }

export const test = base.extend<{ cspViolations: string[] }>({
  // Automatic: every test fails on a CSP violation, whether it names the fixture or not.
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
      await use(violations)
      expect(violations, 'CSP violations').toEqual([])
    },
    { auto: true },
  ],
})

/** Waits until every island on the page has hydrated (Astro drops `ssr` once it has). */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0)
}

/** Waits until the islands inside a part of the page (scrolled into view) have hydrated. */
export async function sectionHydrated(section: Locator): Promise<void> {
  await section.scrollIntoViewIfNeeded()
  await expect(section.locator('astro-island[ssr]')).toHaveCount(0)
}

/** An API path answers with the given status and body. */
export async function answer(page: Page, path: string, status: number, body: unknown): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    (route) =>
      route.fulfill({
        status,
        contentType: typeof body === 'string' ? 'text/plain' : 'application/json',
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  )
}

/** Holds an API path until the returned function is called (to look at a loading state). */
export async function hold(page: Page, path: string): Promise<() => void> {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      await gate
      await route.continue()
    },
  )
  return release
}

/**
 * Serves the page as if it had been built from an empty database: every island gets empty
 * build-time lists (the server-rendered cards stay, and React re-renders the island on hydration).
 */
export async function withoutBuildTimeData(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace(
        / props="[^"]*"/g,
        ' props="{&quot;initial&quot;:[1,[]],&quot;initialLive&quot;:[1,[]]}"',
      )
      await route.fulfill({ response, body: html })
    },
  )
}

/** A stream as /api/streams answers it (the island's item shape). */
export type ApiStream = StreamItem

export const makeStream = (n: number, overrides: Partial<ApiStream> = {}): ApiStream => ({
  id: 1000 + n,
  title: `Test stream ${n}`,
  description: 'A test stream.',
  category: 'gt3',
  thumbnailUrl: '/demo/streams/gt7-daily-race.webp',
  isLive: false,
  viewerCount: 1234,
  startTime: '2026-11-22T14:05:00.000Z',
  streamUrl: `https://www.twitch.tv/test${n}`,
  streamerName: `Streamer ${n}`,
  tags: ['One', 'Two', 'Three', 'Four', 'Five'],
  ...overrides,
})
