import { expect as baseExpect, type Page, type TestInfo } from '@playwright/test'
import { axe } from '../../test-support/axe.ts'
import { e2eAdminPassword } from './e2e-admin.ts'

/** The machine is shared and each call crosses the local platform: assertions wait longer. */
export const expect = baseExpect.configure({ timeout: 30_000 })

/**
 * Makes sure the page's browser context has an admin session: the run's one login, which the admin
 * tests start with, or a login through the API when it has none (the cookie lands in its jar).
 */
export async function loginContext(page: Page, testInfo: TestInfo): Promise<void> {
  if ((await page.request.get('/api/admin/session')).status() === 200) return
  const res = await page.request.post('/api/admin/login', { data: { password: e2eAdminPassword(testInfo) } })
  expect(res.status(), await res.text()).toBe(200)
}

/** Opens a tab of the panel with a session, and waits for its heading. */
export async function openTab(page: Page, testInfo: TestInfo, tab: string, heading: string | RegExp): Promise<void> {
  await loginContext(page, testInfo)
  await page.goto(`/admin?tab=${tab}`)
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
}

/** The one visible toast (sonner renders toasts as list items in a labelled region). */
export const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  // The toast a new one replaced may still be on its way out (sonner keeps it for its exit
  // animation, with the same title after two imports in a row): the one with this description is
  // the one; without a description, the newest (sonner lists it first).
  const titled = toast(page).filter({ hasText: title })
  await expect(description ? titled.filter({ hasText: description }) : titled.first()).toBeVisible()
}

/** Confirms the open AlertDialog with its action button. */
export async function confirm(page: Page, action: string): Promise<void> {
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: action }).click()
  await expect(dialog).toBeHidden()
}

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A toast sliding in is half transparent for a moment: axe would measure its text against the
  // page behind it ('Streams Refreshed' failed color-contrast so, once in a CI run). The finite
  // animations and transitions end first (a spinner's never does, so it is not waited for).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined)
  const results = await axe(page).analyze()
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  )
  expect(summary, label).toEqual([])
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

/** The News tab's AI generator is folded under the list (decision 0514): opens it. */
export async function openNewsGenerator(page: Page): Promise<void> {
  const toggle = page
    .getByRole('region', { name: 'AI News Generator' })
    .getByRole('button', { name: 'AI News Generator' })
  // The generator is also shown while a generation runs (the scheduler's, on a tick): read as open
  // then, it folds again when that run ends. Opened by the owner's click, it stays open.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}

/** The tabs, as src/components/admin/shell/tabs.ts lists them, with their headings. */
export const adminTabs: [id: string, heading: string][] = [
  ['games', 'Racing Games Management'],
  ['accessories', 'Hardware Management'],
  ['championships', 'Championship Standings'],
  ['streams', 'Streams Management'],
  ['news', 'News Management'],
  ['reviews', 'Reviews Management'],
  ['home-screen', 'Home Screen'],
  ['images', 'Image Management'],
  ['seo', 'SEO Settings'],
  ['audience', 'Audience'],
  ['scheduler', 'Scheduler'],
  ['openai-diagnostic', 'AI Services Diagnostic'],
  ['newsletter', 'Newsletter'],
  ['channels', 'Channels'],
  ['system-settings', 'System Settings'],
  ['activity', 'Activity'],
]
