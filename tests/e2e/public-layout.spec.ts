import { expect, test } from './public-helpers.ts'

const links = ['Home', 'Sim Games', 'Hardware', 'Championships', 'Streams', 'News', 'Reviews']

test.describe('header (desktop)', () => {
  test('shows the brand and the links, Home active only on /', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'SimRacing Hub' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of links) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')

    await page.goto('/news')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page')
  })

  test('highlights a section by path prefix', async ({ page, request }) => {
    const [article] = await (await request.get('/api/news?limit=1')).json()
    await page.goto(`/news/${article.id}`)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  })

  test('is sticky', async ({ page }) => {
    await page.goto('/games')
    await page.mouse.wheel(0, 2000)
    await expect(page.getByRole('banner')).toBeInViewport()
  })

  test('search: a full page load to /news with the trimmed, encoded term; blank input is ignored', async ({ page }) => {
    await page.goto('/games')
    const search = page.getByRole('banner').getByPlaceholder('Search...').filter({ visible: true })
    await search.fill('   ')
    await search.press('Enter')
    await page.waitForTimeout(300)
    await expect(page).toHaveURL(/\/games$/)

    await search.fill('  Le Mans & SPA  ')
    const sent = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/news')
    await Promise.all([page.waitForEvent('load'), search.press('Enter')])
    expect(new URL((await sent).url()).search).toBe('?search=Le%20Mans%20%26%20SPA')
    // Then the page's one spelling of that search (decision 0704), and the box keeps the reader's (issue 44).
    await expect(page).toHaveURL(/\/news\?search=le\+mans\+%26\+spa$/)
    await expect(page.getByPlaceholder('Search articles...')).toHaveValue('Le Mans & SPA')
  })

  test('the logo on Home scrolls smoothly to the top', async ({ page }) => {
    await page.goto('/')
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.getByRole('banner').getByRole('link', { name: 'SimRacing Hub' }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('header (mobile)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu toggle lists the links and the search; a link closes it', async ({ page }) => {
    await page.goto('/reviews')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    for (const name of links) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    await expect(page.getByRole('banner').getByPlaceholder('Search...').filter({ visible: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')

    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Hardware' }).click()
    await expect(page).toHaveURL(/\/accessories$/)
    await expect(page.getByRole('heading', { level: 1, name: 'RACING HARDWARE' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the menu search goes to the news', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const search = page.getByRole('banner').getByPlaceholder('Search...').filter({ visible: true })
    await search.fill(' iracing ')
    await Promise.all([page.waitForEvent('load'), search.press('Enter')])
    await expect(page).toHaveURL(/\/news\?search=iracing$/)
  })
})

test.describe('footer', () => {
  test('logo, tagline, quick links without Home, copyright with the year', async ({ page }) => {
    await page.goto('/championships')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'SimRacing Hub' })).toBeVisible()
    await expect(footer.getByText(/Your pit lane for sim racing/)).toBeVisible()
    const quick = footer.getByRole('navigation', { name: 'Quick links' })
    await expect(quick.getByRole('link')).toHaveText(links.slice(1))
    await expect(footer.getByText(`© ${new Date().getFullYear()} SimRacing Hub`)).toBeVisible()

    await Promise.all([page.waitForEvent('load'), quick.getByRole('link', { name: 'Streams' }).click()])
    await expect(page).toHaveURL(/\/streaming$/)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test.describe('fallback screens', () => {
  test('any other path: 404 Page Not Found, with HTTP status 404', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  })

  test('an unknown article id: Article Not Found with Back to News, status 404', async ({ page }) => {
    for (const id of ['999999', 'not-a-number']) {
      const response = await page.goto(`/news/${id}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible()
    }
    await page.getByRole('link', { name: 'Back to News' }).click()
    await expect(page).toHaveURL(/\/news\/?$/)
    await expect(page.getByRole('heading', { level: 1, name: 'RACING NEWS' })).toBeVisible()
  })
})

test('every page has one h1, landmarks and a CSP whose scripts are hashed', async ({ page }) => {
  for (const path of ['/', '/games', '/accessories', '/championships', '/streaming', '/news', '/reviews']) {
    const response = await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1)
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    // Pages rendered on demand send Astro's policy as a header (docs/decisions/0700), with the
    // hashes of their inline scripts; a pre-rendered page would carry it in a <meta>.
    const csp = response?.headers()['content-security-policy']
    expect(csp, path).toContain("frame-ancestors 'none'")
    const scriptSrc = /script-src [^;]*/.exec(csp ?? '')?.[0]
    expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[^']+')*$/)
  }
})
