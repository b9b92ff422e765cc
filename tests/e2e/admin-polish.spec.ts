/**
 * Issue 17 item 9, the panel's polish, as an owner meets it on a laptop and on a phone.
 */
import { test, type Locator, type Page } from '@playwright/test'
import { HERO_TEXT } from '../../src/lib/hero.ts'
import { expect, loginContext, openTab } from '../helpers/e2e-admin-ui.ts'

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  expect(found, `${locator} has a box`).not.toBeNull()
  return found!
}

/**
 * Where the next toast lands: measured in the page once it has slid in (sonner's animation is
 * shorter than 600 ms), so a slow machine cannot let it expire between two test steps.
 */
async function nextToast(page: Page, trigger: () => Promise<void>): Promise<Box & { text: string }> {
  const measured = page.evaluate(
    () =>
      new Promise<Box & { text: string }>((resolve) => {
        const look = () => {
          const item = document.querySelector('section[aria-label^="Notifications"] li')
          if (!item) return requestAnimationFrame(look)
          setTimeout(() => {
            const { x, y, width, height } = item.getBoundingClientRect()
            resolve({ x, y, width, height, text: item.textContent ?? '' })
          }, 600)
        }
        look()
      }),
  )
  await trigger()
  return measured
}

/** Every CSP report the page logs from now on. */
function cspReports(page: Page): string[] {
  const reports: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text())
  })
  return reports
}

test('a toast covers neither the sticky header nor the buttons of an open dialog', async ({ page }, testInfo) => {
  await openTab(page, testInfo, 'games', 'Racing Games Management')
  const shown = await nextToast(page, () => page.getByRole('button', { name: 'Add Game' }).click())
  expect(shown.text).toContain('Please fill in the game title.')
  expect(overlap(shown, await box(page.getByRole('banner')))).toBe(false)

  // Toasts keep their corner whatever is open; a confirmation's buttons are elsewhere.
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  for (const button of await dialog.getByRole('button').all())
    expect(overlap(shown, await box(button)), (await button.textContent()) ?? '').toBe(false)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
})

test('opening a dialog logs no Content-Security-Policy error', async ({ page }, testInfo) => {
  const reports = cspReports(page)
  await openTab(page, testInfo, 'games', 'Racing Games Management')
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  // The dialog locks the page's scroll with a style element the policy allows.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  expect(reports).toEqual([])
})

test('the section list stays in view on a long tab', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openTab(page, testInfo, 'images', 'Image Management')
  await expect(page.getByRole('heading', { name: /^Current Site Images \(\d+\)$/ })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  const sections = page.getByRole('navigation', { name: 'Admin sections' })
  const games = await box(sections.getByRole('link', { name: 'Games' }))
  expect(games.y).toBeGreaterThanOrEqual(0)
  expect(games.y + games.height).toBeLessThanOrEqual(720)
  await sections.getByRole('link', { name: 'Scheduler' }).click()
  await expect(page.getByRole('heading', { level: 2, name: /Scheduler/ })).toBeVisible()
})

test('the upload area comes before the dozens of site images', async ({ page }, testInfo) => {
  await openTab(page, testInfo, 'images', 'Image Management')
  const upload = await box(page.getByRole('heading', { name: 'Upload to Library' }))
  const site = await box(page.getByRole('heading', { name: /^Current Site Images/ }))
  expect(upload.y).toBeLessThan(site.y)
  expect(upload.y).toBeLessThan(720)
})

test('the home-screen preview shows the public hero: its words, button and overlay', async ({ page }, testInfo) => {
  const overlay = Number((await (await page.request.get('/api/site-settings/overlay_transparency')).json()).value ?? 50)
  await openTab(page, testInfo, 'home-screen', 'Home Screen')
  const preview = page.getByTestId('hero-preview')
  await expect(preview).toContainText('RACE BEYOND LIMITS')
  await expect(preview).toContainText(HERO_TEXT)
  await expect(preview).toContainText('Latest News')
  const previewOpacity = () =>
    page.getByTestId('hero-preview-overlay').evaluate((el) => Number(getComputedStyle(el).opacity))
  expect(await previewOpacity()).toBeCloseTo(overlay / 100, 5)
  await page.getByRole('slider').focus()
  await page.keyboard.press('ArrowRight')
  expect(await previewOpacity()).toBeCloseTo(Math.min(80, overlay + 5) / 100, 5)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RACE BEYOND LIMITS')
  await expect(page.getByText(HERO_TEXT)).toBeVisible()
  const publicOpacity = await page.getByTestId('hero-overlay').evaluate((el) => Number(getComputedStyle(el).opacity))
  expect(publicOpacity).toBeCloseTo(overlay / 100, 5)
})

test("the news list's AI image action says what it does", async ({ page }, testInfo) => {
  await openTab(page, testInfo, 'news', 'News Management')
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click()
  // In words, in the row's menu (issue 25): 'Generate AI image'.
  await expect(page.getByRole('menuitem', { name: /^Generate AI image/ })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test("the sticky header is one line, with 'View site', and toasts stay off it", async ({ page }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin?tab=games')
    await expect(page.getByRole('heading', { name: 'Racing Games Management', level: 2 })).toBeVisible()
    const header = page.getByRole('banner')
    expect((await box(header)).height).toBeLessThanOrEqual(64)
    await expect(header.getByRole('link', { name: 'View site' })).toBeVisible()
    await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible()
    await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible()

    const shown = await nextToast(page, () => page.getByRole('button', { name: 'Add Game' }).click())
    expect(shown.text).toContain('Missing Information')
    expect(overlap(shown, await box(header))).toBe(false)
    await expect(header.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/')
  })
})
