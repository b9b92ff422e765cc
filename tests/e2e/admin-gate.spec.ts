import { test } from '@playwright/test'
import { e2eAdminPassword } from '../helpers/e2e-admin.ts'
import { expect, expectToast, loginContext } from '../helpers/e2e-admin-ui.ts'
import { noSession } from '../helpers/e2e-session.ts'

test.describe('admin gate and shell', () => {
  // The gate's own tests: they start without the run's saved session and log in through the form.
  test.use({ storageState: noSession })

  test('a wrong password is refused, the right one opens the panel, a reload stays in, logout locks', async ({
    page,
  }, testInfo) => {
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
    const field = page.getByLabel('Admin password', { exact: true })
    await field.fill(`${e2eAdminPassword(testInfo)}-wrong`)
    await page.getByRole('button', { name: 'Access Admin Panel' }).click()
    await expectToast(page, 'Access Denied', 'Invalid admin password')

    // Enter submits.
    await field.fill(e2eAdminPassword(testInfo))
    await field.press('Enter')
    await expectToast(page, 'Welcome, Admin!')
    await expect(page.getByRole('heading', { name: 'Racing Games Management' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Racing Games Management' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
  })

  test("the gate logs no console error for the expected 'not logged in' answer", async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
    await expect(page.getByLabel('Admin password', { exact: true })).toBeEditable()
    expect(errors).toEqual([])
  })

  test('the gate works the moment it shows, on a phone-slow CPU', async ({ page }, testInfo) => {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto('/admin', { waitUntil: 'domcontentloaded' })
    // Playwright acts as soon as the field and the button are visible: the gate stays hidden until
    // its script has asked for the session, so no control can be used before it works.
    await page.getByLabel('Admin password', { exact: true }).fill(`${e2eAdminPassword(testInfo)}-wrong`)
    await page.getByRole('button', { name: 'Access Admin Panel' }).click()
    await expectToast(page, 'Access Denied', 'Invalid admin password')
  })

  test('a lockout (429) shows its wait and keeps the button disabled until it ends', async ({ page }) => {
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({
        status: 429,
        // Long enough to be seen on a loaded machine, where the toast alone can take seconds.
        headers: { 'Retry-After': '8' },
        json: { message: 'Too many failed login attempts. Please try again later.' },
      }),
    )
    await page.goto('/admin')
    await page.getByLabel('Admin password', { exact: true }).fill('anything')
    await page.getByRole('button', { name: 'Access Admin Panel' }).click()
    await expect(page.getByText(/^Too many failed attempts\. Try again in [1-8] seconds?\.$/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeDisabled()
    await expectToast(page, 'Access Denied', 'Too many failed login attempts. Please try again later. Wait 8 seconds.')
    await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeEnabled({ timeout: 15_000 })
    await expect(page.getByText(/^Too many failed attempts/)).toBeHidden()
  })

  test('tabs are grouped, live in the URL, and back and forward move between them', async ({ page }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin')
    const nav = page.getByRole('navigation', { name: 'Admin sections' })
    for (const group of ['Content Management', 'Site Configuration', 'System & Automation'])
      await expect(nav.getByRole('heading', { name: group })).toBeVisible()
    for (const label of [
      'Games',
      'Hardware',
      'Championships',
      'Streams',
      'News',
      'Reviews',
      'Home Screen',
      'Images',
      'SEO',
      'Audience',
      'Scheduler',
      'AI Diagnostics',
      'Newsletter',
      'Channels',
      'System Settings',
      'Activity',
    ])
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()

    await nav.getByRole('link', { name: 'Hardware' }).click()
    await expect(page).toHaveURL(/\/admin\?tab=accessories$/)
    await expect(page.getByRole('heading', { name: 'Hardware Management' })).toBeVisible()
    await nav.getByRole('link', { name: 'SEO' }).click()
    await expect(page).toHaveURL(/tab=seo$/)
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Hardware Management' })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Racing Games Management' })).toBeVisible()
    await page.goForward()
    await expect(page.getByRole('heading', { name: 'Hardware Management' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Hardware' })).toHaveAttribute('aria-current', 'page')
  })

  test('the publish status is always visible', async ({ page }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin?tab=reviews')
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /Site: (Live|Publishing changes)/ })
        .first(),
    ).toBeVisible()
  })

  test('an expired session brings the gate back over the panel and keeps what was typed', async ({
    page,
  }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin?tab=games')
    await page.getByLabel('Title', { exact: true }).fill('Typed before the session ended')
    // The session ends elsewhere (another tab logged out, or it expired).
    await page.context().clearCookies()
    await page.getByRole('button', { name: 'Add Game' }).click()
    const gate = page.getByRole('dialog', { name: 'Admin Access Required' })
    await expect(gate).toBeVisible()
    await gate.getByLabel('Admin password', { exact: true }).fill(e2eAdminPassword(testInfo))
    await gate.getByRole('button', { name: 'Access Admin Panel' }).click()
    await expect(gate).toBeHidden()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Typed before the session ended')
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Racing Game Added Successfully!')
    await expect(page.getByText('Typed before the session ended').first()).toBeVisible()
    await page.getByRole('button', { name: 'Delete Typed before the session ended' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Game Deleted Successfully!')
  })

  test('the activity view lists the latest changes first', async ({ page }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin?tab=activity')
    await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible()
    const rows = page.getByRole('table').getByRole('row')
    await expect(rows.nth(1)).toContainText(/Administrator logged in|Deleted|Created|Updated/)
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible()
  })
})
