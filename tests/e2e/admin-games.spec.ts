import { test } from '@playwright/test'
import { confirm, expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

test.describe('games tab', () => {
  test('add, edit, cancel and delete a game, with the spec toasts', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const list = page.getByRole('heading', { name: /^Your Racing Games \(\d+\)$/ })
    await expect(list).toBeVisible()
    const before = Number(/\((\d+)\)/.exec((await list.textContent()) ?? '')?.[1])

    // Only the title is required.
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Missing Information', 'Please fill in the game title.')

    const title = unique('Test Racer')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Category', { exact: true }).fill('Simulation')
    await page.getByLabel('Price', { exact: true }).fill('$49.99')
    await page.getByLabel('Rating', { exact: true }).selectOption({ label: '90%' })
    await page.getByLabel('Platform', { exact: true }).fill('PC')
    await page.getByLabel('Description', { exact: true }).fill('A test game written by the admin e2e test.')
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Racing Game Added Successfully!', 'Your racing game has been added to the website.')
    await expect(page.getByRole('heading', { name: `Your Racing Games (${before + 1})` })).toBeVisible()
    // The form is cleared after an add.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('')

    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await expect(page.getByRole('heading', { name: 'Edit Racing Game' })).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByLabel('Rating', { exact: true })).toHaveValue('90')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Add New Racing Game' })).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('')

    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await page.getByLabel('Title', { exact: true }).fill(`${title} GT`)
    await page.getByRole('button', { name: 'Update Game' }).click()
    await expectToast(page, 'Game Updated Successfully!')
    await expect(page.getByText(`${title} GT`, { exact: true })).toBeVisible()

    await page.getByRole('button', { name: `Delete ${title} GT` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Game Deleted Successfully!')
    // Gone from the list (it shows in 'Recently deleted' below it).
    const games = page.getByRole('region', { name: /^Your Racing Games/ })
    await expect(games.getByText(`${title} GT`, { exact: true })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Recently deleted' })).toContainText(`${title} GT`)
  })

  test('a failed save keeps the form and shows the status and the server message', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    await page.getByLabel('Title', { exact: true }).fill('Bad link game')
    // The form checks the route's own contract first (decision 0017): nothing is sent.
    await page.getByLabel('Website URL', { exact: true }).fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Missing Information', /The website URL must start with/)

    // What only the server can refuse shows its status and words under the spec's text.
    await page.getByLabel('Website URL', { exact: true }).fill('https://example.com/bad-link-game')
    await page.route('**/api/admin/games', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: '{"message":"A game with this title exists."}',
      }),
    )
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Error', /Failed to add game\. Please try again\.\s*409: A game with this title exists\./)
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Bad link game')
  })

  test('leaving a form with unsaved changes asks first', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    await page.getByLabel('Title', { exact: true }).fill('Unsaved')
    const nav = page.getByRole('navigation', { name: 'Admin sections' })
    await nav.getByRole('link', { name: 'Streams' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Unsaved')
    await expect(page).toHaveURL(/tab=games/)
    await nav.getByRole('link', { name: 'Streams' }).click()
    await confirm(page, 'Discard changes')
    await expect(page.getByRole('heading', { name: 'Streams Management' })).toBeVisible()
  })

  test('closing the page with unsaved changes asks the browser to confirm, and only then', async ({
    page,
  }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.dismiss()
    })
    const title = page.getByLabel('Title', { exact: true })
    await title.fill('Unsaved')
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => asked).toEqual(['beforeunload'])
    expect(page.isClosed()).toBe(false)

    // Back to the saved state: nothing to lose, the page closes without asking.
    await title.fill('')
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => page.isClosed()).toBe(true)
    expect(asked).toEqual(['beforeunload'])
  })

  test('keyboard only: add a game and delete it', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const title = unique('Keyboard GP')
    await page.getByLabel('Title', { exact: true }).focus()
    await page.keyboard.type(title)
    await page.keyboard.press('Enter')
    await expectToast(page, 'Racing Game Added Successfully!')
    const del = page.getByRole('button', { name: `Delete ${title}` })
    await del.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Game Deleted Successfully!')
  })
})
