import type { APIRequestContext } from '@playwright/test'
import { noSession } from '../helpers/e2e-session.ts'
import { expect, test } from './public-helpers.ts'

/**
 * The database dies under the served site and stays away while the test visits it (the test site's
 * control kills the embedded server and keeps it away until the test brings it back; `npm start`
 * restarts it within seconds otherwise). A page that cannot be rendered meanwhile answers 503 with
 * Retry-After, never kept at the CDN, as decision 0700 promises: a list screen with its own error
 * panel of spec 000 section 8 ('Failed to Load Games', with Retry) in the site's shell (decision
 * 0704), any other page 'Temporarily Unavailable' (Astro answered its error page with 500 whatever
 * the page set: issue 31, item 7). Once the database is back the same pages render again.
 */
test.use({ storageState: noSession })

/** Each list screen and its error panel, word for word (spec 000 section 8). */
const screens = [
  ['/games', 'Failed to Load Games', "We're having trouble loading the games. Please try again later."],
  ['/accessories', 'Failed to Load Hardware', "We're having trouble loading the hardware. Please try again later."],
  ['/reviews', 'Failed to Load Reviews', "We're having trouble loading the reviews. Please try again later."],
  ['/championships', 'Failed to Load Championships', 'Unable to fetch championship data at the moment.'],
  ['/lap-times', 'Failed to Load Lap Records', 'Unable to fetch lap records at the moment.'],
  ['/news', 'Failed to Load News', "We're having trouble loading the news. Please try again later."],
] as const

/** Kills the database and keeps it away `awayMs` (0 while it is away: back now). */
async function databaseAway(request: APIRequestContext, awayMs: number) {
  const res = await request.post('/.netlify/test-controls/database-kill', { data: { awayMs } })
  expect(res.status()).toBe(200)
  return (await res.json()) as { killed: boolean }
}

test('with the database away, every list screen answers 503 with its error panel, other pages the 503 page; all render again once it is back', async ({
  context,
  request,
}) => {
  // Away until the test brings it back below (at most two minutes, should the test fail first).
  expect(await databaseAway(request, 120_000)).toEqual({ killed: true })
  // Then misses at the CDN stand-in: the pages must be rendered. Emptied after the kill, never
  // before: a page an earlier write's re-warm rendered in between was kept, and answered 200.
  expect((await request.post('/.netlify/test-controls/cdn-empty')).ok()).toBe(true)
  const pages = await Promise.all(screens.map(() => context.newPage()))
  try {
    // All at once, as visitors would come: each screen in a tab of its own.
    await Promise.all(
      screens.map(async ([path, title, text], i) => {
        const page = pages[i]!
        const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
        expect(response!.status(), path).toBe(503)
        expect(response!.headers()['retry-after'], path).toBe('30')
        expect(response!.headers()['cache-control'], path).toBe('no-store')
        const alert = page.getByRole('alert')
        await expect(alert.getByRole('heading', { name: title }), path).toBeVisible()
        await expect(alert.getByText(text, { exact: true }), path).toBeVisible()
        await expect(alert.getByRole('button', { name: 'Retry' }), path).toBeVisible()
      }),
    )

    const home = await request.get('/', { maxRedirects: 0 })
    expect(home.status()).toBe(503)
    expect(home.headers()['retry-after']).toBe('30')
    expect(home.headers()['cache-control']).toBe('no-store')
    expect(home.headers()['x-page-unavailable']).toBeUndefined()
    expect(await home.text()).toContain('Temporarily Unavailable')
  } finally {
    await databaseAway(request, 0)
  }

  // Back: Retry reloads the page (here /news), which renders its list; none of the 503s was kept,
  // so every other screen renders again too.
  await expect
    .poll(async () => (await request.get('/lap-times')).status(), { timeout: 30_000, intervals: [250, 500] })
    .toBe(200)
  const news = pages[screens.findIndex(([path]) => path === '/news')]!
  // Retry is disabled until its island is live (a click before would be lost): the click waits for it.
  await Promise.all([news.waitForEvent('load'), news.getByRole('button', { name: 'Retry' }).click()])
  await expect(news.getByRole('heading', { name: /^[1-9]\d* Article\(s\) Found$/ })).toBeVisible()
  for (const [path] of screens) expect((await request.get(path)).status(), path).toBe(200)
  expect((await request.get('/')).status()).toBe(200)
})
