import { test } from '@playwright/test'
import { adminTabs as tabs, expect, expectNoAxeViolations, loginContext } from '../helpers/e2e-admin-ui.ts'
import { e2eSessionFile, noSession } from '../helpers/e2e-session.ts'

// Admin pages: they start with the run's one admin session (tests/setup/e2e-session.global.ts).
test.use({ storageState: ({}, provide, testInfo) => provide(e2eSessionFile(testInfo.project.use.baseURL ?? '')) })

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
]

for (const { name, viewport } of widths) {
  test.describe(`admin accessibility (${name})`, () => {
    test.use({ viewport })

    test('the gate has no axe violation', async ({ browser }, testInfo) => {
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport,
        storageState: noSession,
      })
      const page = await context.newPage()
      await page.goto('/admin')
      await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
      await expectNoAxeViolations(page, `gate ${name}`)
      await context.close()
    })

    // Two tests per width, so that the two test workers share the tabs; each reuses its page.
    for (const part of [0, 1]) {
      test(`every tab has no axe violation (part ${part + 1} of 2)`, async ({ page }, testInfo) => {
        test.setTimeout(120_000)
        await loginContext(page, testInfo)
        for (const [index, [id, heading]] of tabs.filter((_, i) => i % 2 === part).entries()) {
          // The first tab by its address; the others as the panel moves between them (the tab in the
          // URL, as back and forward do), without loading the panel's code again for each.
          if (index === 0) await page.goto(`/admin?tab=${id}`)
          else
            await page.evaluate((tab) => {
              history.pushState(null, '', `/admin?tab=${tab}`)
              dispatchEvent(new PopStateEvent('popstate'))
            }, id)
          await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
          // Let the lists load: their states are what is checked.
          await expect(page.getByText(/^Loading/)).toHaveCount(0)
          await expectNoAxeViolations(page, `${id} ${name}`)
        }
      })
    }

    test("the News tab's row menu, open generator, editor and its dialogs have no axe violation", async ({
      page,
    }, testInfo) => {
      await loginContext(page, testInfo)
      await page.goto('/admin?tab=news')
      await expect(page.getByText(/^Showing 1-/)).toBeVisible()
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click()
      await expect(page.getByRole('menuitem', { name: 'Edit title' })).toBeVisible()
      await expectNoAxeViolations(page, `news row menu ${name}`)
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'AI News Generator' }).click()
      await expect(page.getByRole('button', { name: 'Generate Article' })).toBeVisible()
      await expectNoAxeViolations(page, `news generator ${name}`)
      await page.getByRole('button', { name: 'New Article' }).click()
      await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toBeVisible()
      await expectNoAxeViolations(page, `news editor ${name}`)
      await page.getByRole('group', { name: 'Formatting' }).getByRole('button', { name: 'Insert image' }).click()
      await expect(page.getByRole('dialog', { name: 'Insert image' })).toBeVisible()
      await expectNoAxeViolations(page, `news editor image dialog ${name}`)
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'HTML source' }).click()
      await expect(page.getByLabel('Content (HTML)', { exact: true })).toBeVisible()
      await expectNoAxeViolations(page, `news editor HTML view ${name}`)
    })
  })
}

test.describe('admin on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the drawer menu and the short tab strip reach the tabs', async ({ page }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin')
    const strip = page.getByRole('navigation', { name: 'Main sections' })
    await strip.getByRole('link', { name: 'Images' }).click()
    await expect(page.getByRole('heading', { name: 'Image Management' })).toBeVisible()
    await page.getByRole('button', { name: 'Menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Admin menu' })
    await drawer.getByRole('link', { name: 'Scheduler' }).click()
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Scheduler', level: 2 })).toBeVisible()
    await expect(page).toHaveURL(/tab=scheduler/)
  })
})
