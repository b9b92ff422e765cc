/**
 * The visits of `npm run bench:pages` in Chromium (issue 34, decision 0704), beside Lighthouse:
 * - the requests one visit of each route makes, by kind (the document, scripts, styles, images,
 *   fonts, the audience beacon, API calls), in a fresh browser context (nothing in the browser's cache): API calls made
 *   before the visitor scrolls (on load: a list island reading its endpoint) apart from those made
 *   while the page is scrolled through to its end (islands hydrated as they come into view, more
 *   news cards as the visitor nears the end);
 * - the time to the search's own count on `/news?search=` against plain `/news`: from the start of
 *   the navigation to the first frame that shows the search's own '{n} Article(s) Found' visible
 *   (checked in every animation frame, which runs just before the frame is painted), on a phone's
 *   width with the CPU slowed 4x, median of 5 (the method).
 */
import type { Browser, BrowserContext } from '@playwright/test'
import { BEACON_PATH } from '../../src/lib/audience/beacon.ts'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

export interface VisitRow {
  route: string
  document: number
  scripts: number
  styles: number
  images: number
  fonts: number
  other: number
  /** The audience beacon (decision 0850): one POST a view, no list read. */
  beacons: number
  /** API calls before any scroll, with their paths. */
  apiOnLoad: string[]
  /** API calls while the page was scrolled through. */
  apiScrolled: string[]
}

/** One visit of `route`, counted; a first, unmeasured visit has filled the CDN. */
export async function countVisit(browser: Browser, base: string, route: string): Promise<VisitRow> {
  await visit(browser, base, route, () => {})
  const row: VisitRow = {
    route,
    document: 0,
    scripts: 0,
    styles: 0,
    images: 0,
    fonts: 0,
    other: 0,
    beacons: 0,
    apiOnLoad: [],
    apiScrolled: [],
  }
  let scrolled = false
  await visit(
    browser,
    base,
    route,
    (kind, path) => {
      if (kind === 'api') (scrolled ? row.apiScrolled : row.apiOnLoad).push(path)
      else row[kind]++
    },
    () => (scrolled = true),
  )
  return row
}

type Kind = 'document' | 'scripts' | 'styles' | 'images' | 'fonts' | 'other' | 'beacons' | 'api'

const kindOf = (resourceType: string, pathname: string): Kind => {
  if (pathname === BEACON_PATH) return 'beacons'
  if (pathname.startsWith('/api/')) return 'api'
  const kinds: Record<string, Kind> = {
    document: 'document',
    script: 'scripts',
    stylesheet: 'styles',
    image: 'images',
    font: 'fonts',
  }
  return kinds[resourceType] ?? 'other'
}

async function visit(
  browser: Browser,
  base: string,
  route: string,
  seen: (kind: Kind, path: string) => void,
  scrolling: () => void = () => {},
): Promise<void> {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    page.on('request', (request) => {
      const url = new URL(request.url())
      seen(kindOf(request.resourceType(), url.pathname), `${url.pathname}${url.search}`)
    })
    await page.goto(`${base}${route}`, { waitUntil: 'load' })
    // The islands in view hydrated (`client:idle` ones within their 1.5 s timeout), then what they read.
    await page.waitForFunction(
      () =>
        // An island is `display: contents`: where it is, is where its first element is.
        [...document.querySelectorAll('astro-island[ssr]')].every(
          (island) => (island.firstElementChild?.getBoundingClientRect().top ?? 0) > window.innerHeight,
        ),
      undefined,
      { timeout: 30_000 },
    )
    await page.waitForLoadState('networkidle')
    scrolling()
    // Read through to the end, a screen at a time, as a visitor does.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 150))
      }
    })
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, undefined, {
      timeout: 30_000,
    })
    await page.waitForLoadState('networkidle')
  } finally {
    await context.close()
  }
}

/** Milliseconds from the start of the navigation to the first frame showing `count` visible. */
async function timeToCount(context: BrowserContext, url: string, count: string): Promise<number> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // A script's text, not a function: run through tsx, a function's inner functions would call
  // esbuild's `__name` helper, which the page does not have.
  await page.addInitScript({
    content: `(() => {
      const text = ${JSON.stringify(count)}
      const frame = () => {
        for (const heading of document.querySelectorAll('h2')) {
          if (heading.textContent.trim() === text && heading.checkVisibility()) {
            window.countShownAt = performance.now()
            return
          }
        }
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })()`,
  })
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => (window as { countShownAt?: number }).countShownAt !== undefined, undefined, {
    timeout: 60_000,
    polling: 100,
  })
  const at = await page.evaluate(() => (window as { countShownAt?: number }).countShownAt!)
  await page.close()
  return Math.round(at)
}

export interface CountTimes {
  path: string
  count: string
  runs: number[]
  median: number
}

/**
 * The time to each path's own count, `runs` times each (interleaved, each in a fresh context: a
 * first visit of the page with the CDN warm), after one unmeasured visit each.
 */
export async function timesToOwnCount(
  browser: Browser,
  base: string,
  paths: { path: string; count: string }[],
  runs: number,
): Promise<CountTimes[]> {
  const results = paths.map(({ path, count }) => ({ path, count, runs: [] as number[], median: 0 }))
  for (let run = -1; run < runs; run++) {
    for (const result of results) {
      const context = await browser.newContext(PHONE)
      try {
        const ms = await timeToCount(context, `${base}${result.path}`, result.count)
        if (run >= 0) result.runs.push(ms)
      } finally {
        await context.close()
      }
    }
  }
  for (const result of results) {
    const sorted = [...result.runs].sort((a, b) => a - b)
    result.median = sorted[Math.floor(sorted.length / 2)]!
  }
  return results
}
