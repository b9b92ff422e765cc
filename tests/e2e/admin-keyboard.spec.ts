import { test } from '@playwright/test'
import { expect, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'

/** The main flows with the keyboard only: focus moves by Tab or by focusing a control, keys act. */
test.describe('admin with the keyboard only', () => {
  test('tabs open with Enter; a driver row is edited and saved with keys', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const nav = page.getByRole('navigation', { name: 'Admin sections' })
    await nav.getByRole('link', { name: 'Championships' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Championship Standings' })).toBeVisible()

    const card = page.getByRole('list', { name: 'Championship standings' }).getByRole('listitem').first()
    const edit = card.getByRole('button', { name: /^Edit / }).first()
    const driver = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '')
    await edit.focus()
    await page.keyboard.press('Enter')
    await expect(card.getByLabel('Driver name', { exact: true })).toBeFocused()
    // Escape leaves the row unchanged.
    await page.keyboard.press('Escape')
    await expect(card.getByLabel('Driver name', { exact: true })).toHaveCount(0)
    await card.getByRole('button', { name: `Edit ${driver}` }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.type(' Racing')
    await page.keyboard.press('Enter')
    await expectToast(page, 'Driver Updated')
  })

  test('the image chooser and a switch work from the keyboard', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'streams', 'Streams Management')
    const chooser = page.getByRole('group', { name: 'Thumbnail' })
    await chooser.getByRole('tab', { name: 'Image Library' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(chooser.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true')
    await chooser.getByLabel('Image URL', { exact: true }).focus()
    await page.keyboard.type('/images/default-hero.webp')
    await expect(chooser.getByText('Click "Use URL" to apply this image')).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(chooser.getByRole('button', { name: 'Use URL' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(chooser.getByText('/images/default-hero.webp', { exact: true })).toBeVisible()

    const live = page.getByRole('switch', { name: 'Live now' })
    await live.focus()
    await page.keyboard.press('Space')
    await expect(live).toHaveAttribute('aria-checked', 'true')
  })

  test('news: move an article and confirm a delete dialog with keys', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'news', 'News Management')
    const menuButton = page.getByRole('button', { name: /^Actions for / }).first()
    // The row's menu opens with Enter; arrows move through its actions, Enter chooses one.
    const choose = async (name: string) => {
      await menuButton.focus()
      await page.keyboard.press('Enter')
      const item = page.getByRole('menuitem', { name, exact: true })
      await expect(page.getByRole('menu')).toBeVisible()
      for (let i = 0; i < 15 && !(await item.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('ArrowDown')
      await expect(item).toBeFocused()
      await page.keyboard.press('Enter')
    }
    await choose('Move down')
    await expectToast(page, 'Article Moved')

    await choose('Delete')
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('Are you sure you want to delete this news article?')
    // Escape cancels: nothing is deleted, and focus is back on the row's menu button.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeFocused()
  })
})
