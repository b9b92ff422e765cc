import { expect, islandsHydrated, test } from './public-helpers.ts'

// The board's empty and error states are a render test (src/components/public/list-islands.test.tsx)
// and, with the database away, tests/e2e/database-away.spec.ts: the island reads nothing on load
// (decision 0704), so there is no loading state to see.

/** The spec's links, exactly: /lap-times is not one of them (it is linked from /championships). */
const headerLinks = ['Home', 'Sim Games', 'Hardware', 'Championships', 'Streams', 'News', 'Reviews']

test.describe('/lap-times', () => {
  test('shows the records of every track of the imported demo races, fastest first, as m:ss.mmm', async ({
    page,
    request,
  }) => {
    const tracks = await (await request.get('/api/lap-times/tracks')).json()
    expect(tracks.map((t: { track: string }) => t.track).sort()).toEqual(['Circuit de Spa-Francorchamps', 'Monza'])
    await page.goto('/lap-times')
    await expect(page).toHaveTitle('Lap Records by Track – SimRacing Hub')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /fastest valid laps/)
    await expect(page.getByRole('heading', { level: 1, name: 'LAP RECORDS' })).toBeVisible()
    const monza = page.getByRole('region', { name: 'Monza' })
    const rows = monza.getByRole('table', { name: 'Fastest laps at Monza' }).getByRole('row')
    // The header row, then the 10 fastest.
    await expect(rows).toHaveCount(11)
    const best = tracks.find((t: { track: string }) => t.track === 'Monza').records[0]
    await expect(rows.nth(1)).toContainText(best.driverName)
    await expect(rows.nth(1)).toContainText(/1:4\d\.\d{3}Race/)
    await expect(rows.nth(1)).toContainText('Race · ACC')
    await expect(
      page.getByRole('region', { name: 'Circuit de Spa-Francorchamps' }).getByRole('row').nth(1),
    ).toContainText(/2:1\d\.\d{3}Race · LMU/)
  })

  test('the car filter asks the server for that car only', async ({ page }) => {
    await page.goto('/lap-times')
    await islandsHydrated(page)
    const monza = page.getByRole('region', { name: 'Monza' })
    await monza.getByLabel('Car').selectOption('BMW M4 GT3')
    const rows = monza.getByRole('row')
    await expect(monza.getByText(/^\d+ records?$/)).toHaveText(/^[1-9] records?$/)
    for (const row of await rows.all()) {
      if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText('BMW M4 GT3')
    }
    await monza.getByLabel('Car').selectOption('')
    await expect(rows).toHaveCount(11)
  })

  test("keeps the site's header and footer links exactly; /championships links here", async ({ page }) => {
    await page.goto('/lap-times')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(headerLinks)
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /lap/i })).toHaveCount(0)
    await page.goto('/championships')
    await Promise.all([
      page.waitForURL('**/lap-times'),
      page.getByRole('link', { name: 'Lap records by track' }).click(),
    ])
    await expect(page.getByRole('heading', { level: 1, name: 'LAP RECORDS' })).toBeVisible()
  })
})

test.describe('honest labels', () => {
  test('the demo cup says it comes from race results, an AI table says it is AI-generated, on the cards and in JSON-LD', async ({
    page,
  }) => {
    await page.goto('/championships')
    const cup = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Sim GT Cup' }) })
    await expect(cup.getByText('From race results', { exact: true })).toBeVisible()
    await expect(cup.getByText('2 rounds counted')).toBeVisible()
    const f1 = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Formula 1 World Championship' }) })
    await expect(f1.getByText('AI-generated', { exact: true })).toBeVisible()
    await expect(f1.getByText('Sources: formula1.com, fia.com')).toBeVisible()
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
    const datasets = jsonLd['@graph'] as { name: string; description: string }[]
    expect(datasets.find((d) => d.name.startsWith('Sim GT Cup'))?.description).toMatch(
      /^From race results: 2 rounds counted\./,
    )
    expect(datasets.find((d) => d.name.startsWith('Formula 1 World Championship'))?.description).toMatch(
      /^AI-generated: Sources/,
    )
    await page.goto('/')
    const home = page.getByRole('region', { name: 'Championship Standings' })
    await expect(
      home.getByRole('article').filter({ hasText: 'Sim GT Cup' }).getByText('From race results'),
    ).toBeVisible()
  })
})
