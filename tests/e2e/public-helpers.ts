/**
 * Shared by the public-site specs: a `test` that fails on any Content-Security-Policy violation,
 * waits for hydration, a hold on an API path (to look at a loading state), and the record of the
 * API requests a page makes. The islands' states for made-up data are render tests
 * (src/components/public/*.test.tsx): an island shows its page's items and reads nothing on load
 * (decision 0704), so intercepting its API cannot change what it shows.
 */
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test'

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
 * The paths (with their query) of the API requests the page makes from now on, as a live list: a
 * list island reads nothing on load (decision 0704), so a visit asks the API only for what the
 * visitor does (the page-view beacon aside).
 */
export function apiRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    // The page-view beacon is the site counting the visit (decision 0850), not a list read.
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/analytics/view') {
      seen.push(`${url.pathname}${url.search}`)
    }
  })
  return seen
}

/** Records every '{n} Article(s) Found' the page shows (visible), in order, from its first frame on. */
export async function recordCounts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { shownCounts: string[] }).shownCounts = seen
    const look = () => {
      for (const heading of document.querySelectorAll('h2')) {
        const text = heading.textContent?.trim() ?? ''
        if (/^\d+ Article\(s\) Found$/.test(text) && heading.checkVisibility() && seen.at(-1) !== text) seen.push(text)
      }
    }
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    const frame = () => {
      look()
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
  return () => page.evaluate(() => (window as unknown as { shownCounts: string[] }).shownCounts)
}
